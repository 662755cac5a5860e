import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressVariants, precompressDir } from '../../vite.precompress';

const text = Array.from({ length: 300 }, (_, i) => `export const item${i} = 'semear ${i}';`).join('\n');
let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('compressVariants', () => {
  it('makes brotli and gzip bodies that decode to the input, smaller than it', () => {
    const body = Buffer.from(text);
    const { br, gz } = compressVariants(body);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(body.length / 3);
  });
});

describe('precompressDir', () => {
  it('writes .br and .gz beside text files of 1 KB or more, in subfolders too, and nothing else', () => {
    dir = mkdtempSync(join(tmpdir(), 'semear-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const files = {
      'index.html': `<p>${text}</p>`,
      'assets/a.js': text,
      'assets/a.css': `/* ${text} */`,
      'logo.svg': `<svg>${text}</svg>`,
      'manifest.json': JSON.stringify({ text }),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, 'assets', 'tiny.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'font.woff2'), Buffer.alloc(4096, 1));
    writeFileSync(join(dir, 'cover.png'), Buffer.alloc(4096, 1));

    expect(precompressDir(dir).length).toBe(Object.keys(files).length);
    for (const name of Object.keys(files)) {
      const body = readFileSync(join(dir, name));
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).equals(body), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(body), name).toBe(true);
    }
    for (const name of ['assets/tiny.js', 'assets/font.woff2', 'cover.png']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
