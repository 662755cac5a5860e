// Catalogs are imported as .po files; the Lingui Vite plugin compiles them at build time.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
