// The recipients-sheet reader's thread (sheet-reader-pool.ts). The server runs TypeScript through tsx,
// and a worker starts without its parent's loader: register it here, then load the reader itself.
import { register } from 'tsx/esm/api';

register();
await import('./sheet-reader.worker.ts');
