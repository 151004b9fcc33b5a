import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, fullBleedMark, paletteColour, renderAppIcons, webAppManifest } from './pwa';

/** The alpha of the pixel at (x, y) of a PNG. */
async function alphaAt(png: Buffer, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3] ?? -1;
}

describe('the installable app’s manifest and icons (decision 0098)', () => {
  it('draws every icon at its size from the brand mark; the maskable and iOS ones full-bleed', async () => {
    const icons = await renderAppIcons();
    for (const icon of APP_ICONS) {
      const png = icons.get(icon.file);
      expect(png, icon.file).toBeDefined();
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], icon.file).toEqual(['png', icon.size, icon.size]);
      // The brand mark's corners are rounded; a maskable or iOS icon fills its square.
      expect(await alphaAt(png as Buffer, 0, 0), icon.file).toBe(icon.purpose === 'any' ? 0 : 255);
      expect(await alphaAt(png as Buffer, icon.size >> 1, icon.size >> 1), icon.file).toBe(255);
    }
  });

  it('refuses a brand mark it cannot draw full-bleed', () => {
    expect(() => fullBleedMark('<svg xmlns="http://www.w3.org/2000/svg"/>')).toThrow(/brand mark/);
  });

  it('takes its colours from the app’s palette', () => {
    const css = ':root { --color-background: #F8F7FC; --color-primary: #6d28d9; }';
    expect(paletteColour('primary', css)).toBe('#6d28d9');
    expect(paletteColour('background', css)).toBe('#f8f7fc');
    expect(() => paletteColour('accent', css)).toThrow(/--color-accent/);
    const manifest = webAppManifest(css);
    expect(manifest).toMatchObject({
      short_name: 'Encore',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#6d28d9',
      background_color: '#f8f7fc',
    });
    expect(manifest.icons?.map((icon) => `${icon.src} ${icon.sizes} ${icon.purpose}`)).toEqual([
      '/icons/icon-192.png 192x192 any',
      '/icons/icon-512.png 512x512 any',
      '/icons/maskable-512.png 512x512 maskable',
    ]);
  });
});
