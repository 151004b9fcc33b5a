import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerenderedFileName, prerenderedPage } from './prerendered-pages';

describe('prerendered pages', () => {
  it("names the file of '/' and of one-segment addresses", () => {
    expect(prerenderedFileName('/')).toBe('prerendered/index.html');
    expect(prerenderedFileName('/login')).toBe('prerendered/login.html');
    expect(() => prerenderedFileName('/a/b')).toThrow();
  });

  it('finds a page the build made, and nothing for other addresses', async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'encore-prerendered-'));
    try {
      await mkdir(path.join(clientDir, 'prerendered'));
      await writeFile(path.join(clientDir, 'prerendered/login.html'), '<!doctype html>');
      expect(prerenderedPage(clientDir, '/login')).toBe('prerendered/login.html');
      expect(prerenderedPage(clientDir, '/')).toBeNull();
      expect(prerenderedPage(clientDir, '/terms')).toBeNull();
      expect(prerenderedPage(clientDir, '/login/')).toBeNull();
      expect(prerenderedPage(clientDir, '/../login')).toBeNull();
      expect(prerenderedPage(clientDir, `/${'a'.repeat(41)}`)).toBeNull();
    } finally {
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});
