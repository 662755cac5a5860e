import { globalKeyframes } from '@vanilla-extract/css';

globalKeyframes('semear-spin', { to: { transform: 'rotate(360deg)' } });
