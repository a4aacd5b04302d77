/** The archive writer behind the OBJ zip, 3MF and USDZ: read back by fflate and by Debian's unzip. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../../src/export/zip.ts';

const text = new TextEncoder().encode('v 0.125 1.5 -2\n'.repeat(5000));
const noise = Uint8Array.from({ length: 3001 }, (_, i) => (i * 2654435761) >>> 24);

describe('export: zip archives', () => {
  it('deflated and stored entries read back byte for byte, names in order, the same bytes every time', () => {
    const entries = [
      { name: 'model.obj', data: text, level: 6 },
      { name: 'model.png', data: noise, level: 0 },
      { name: 'ünïcode/näme.txt', data: new Uint8Array(0) },
    ];
    const zip = zipEntries(entries);
    const back = unzipSync(zip);
    expect(Object.keys(back)).toEqual(entries.map((e) => e.name));
    expect(back['model.obj']).toEqual(text);
    expect(back['model.png']).toEqual(noise);
    expect(back['ünïcode/näme.txt'].length).toBe(0);
    // Deflated for real: 75 KB of repeated text is a few hundred bytes.
    expect(zip.length).toBeLessThan(text.length / 20);
    expect(zipEntries(entries)).toEqual(zip);
  });

  it('aligned entries start their data on the boundary (USDZ: 64 bytes)', () => {
    const names = ['model.usda', 'textures/color.png', 'textures/normal.png'];
    const datas = [text.subarray(0, 777), noise, noise.subarray(0, 5)];
    const zip = zipEntries(names.map((name, i) => ({ name, data: datas[i], level: 0, align: 64 })));
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let at = 0;
    for (let i = 0; i < names.length; i++) {
      expect(view.getUint32(at, true)).toBe(0x04034b50);
      const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
      expect(start % 64).toBe(0);
      expect(zip.subarray(start, start + datas[i].length)).toEqual(datas[i]);
      at = start + view.getUint32(at + 18, true);
    }
    expect(Object.keys(unzipSync(zip))).toEqual(names);
  });

  it.skipIf(!existsSync('/usr/bin/unzip'))('Info-ZIP unzip tests the archive clean', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lift3d-zip-'));
    const file = join(dir, 'a.zip');
    writeFileSync(
      file,
      zipEntries([
        { name: 'a.txt', data: text },
        { name: 'b.bin', data: noise, level: 0, align: 64 },
      ]),
    );
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    execFileSync('unzip', ['-o', '-d', dir, file]);
    expect(new Uint8Array(readFileSync(join(dir, 'a.txt')))).toEqual(text);
  });
});
