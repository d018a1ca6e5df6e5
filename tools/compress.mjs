#!/usr/bin/env node
// Brotli-compress files for the bundle: writes FILE.br beside each FILE when it saves >= 5%.
// Node's built-in zlib (no extra dependency); quality 11 with a 16 MB window. The wasm takes
// ~30 s at this quality, so results are cached by content hash in CACHE_DIR.
//
// Usage: node tools/compress.mjs CACHE_DIR DIR .EXT...   (every file under DIR ending in .EXT)

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const [cacheDir, top, ...exts] = process.argv.slice(2);
const files = readdirSync(top, { recursive: true })
  .map((f) => join(top, f))
  .filter((f) => exts.some((e) => f.endsWith(e)));
mkdirSync(cacheDir, { recursive: true });
let made = 0;
let reused = 0;
await Promise.all(files.map(async (file) => {
  const data = readFileSync(file);
  const key = join(cacheDir, createHash("sha256").update(data).digest("hex") + ".br");
  let packed;
  if (existsSync(key)) {
    packed = readFileSync(key);
    reused++;
  } else {
    packed = await brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(key, packed);
    made++;
  }
  if (packed.length < data.length * 0.95) writeFileSync(file + ".br", packed);
}));
console.log(`compress: ${files.length} files, ${made} compressed, ${reused} from ${cacheDir}`);
