import { afterEach, describe, expect, it } from 'vitest';
import { adScriptUrl, loadAdScript } from '../../../src/features/shell/ad-script';

const setMeta = (content: string) => {
  const meta = document.createElement('meta');
  meta.name = 'semear:ad-script';
  meta.content = content;
  document.head.append(meta);
};

describe('ad script', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="semear:ad-script"], script[data-semear-ad]').forEach((n) => n.remove()));

  it('does nothing without the meta tag', () => {
    expect(adScriptUrl()).toBeNull();
    expect(loadAdScript()).toBeNull();
  });

  it('adds the script once, async', () => {
    setMeta('https://ads.example/tag.js');
    const script = loadAdScript();
    expect(script?.src).toBe('https://ads.example/tag.js');
    expect(script?.async).toBe(true);
    expect(loadAdScript()).toBeNull();
    expect(document.querySelectorAll('script[data-semear-ad]')).toHaveLength(1);
  });

  it('refuses other schemes', () => {
    setMeta('javascript:alert(1)');
    expect(loadAdScript()).toBeNull();
  });
});
