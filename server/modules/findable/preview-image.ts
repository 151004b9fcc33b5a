import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewCard } from './preview-card.js';

/**
 * A show's link preview as a 1200×630 PNG (decision 0092): satori lays the card out and draws its text as
 * outlines from Inter, read from @fontsource/inter's files (so the image is the same on a machine without
 * any font installed), and sharp rasterises the SVG. A name longer than three lines ends in an ellipsis.
 */

const SIDE_PADDING = 72;
const TEXT_WIDTH = PREVIEW_WIDTH - 2 * SIDE_PADDING;
/** Between the brand line and the footer's three lines: three lines of the name at 68 px. */
const NAME_AREA_HEIGHT = 330;
/** More than three lines of the name at 72 px never show: the rest is not even laid out. */
const NAME_MAX_CHARACTERS = 160;

type Satori = typeof import('satori').default;
type Font = Parameters<Satori>[1]['fonts'][number];

let loaded: Promise<{ satori: Satori; fonts: Font[] }> | null = null;

/** satori and the fonts, loaded with the first image (most instances never render one). */
function renderer() {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const font = (subset: string, weight: 400 | 700): Font => ({
      name: 'Inter',
      weight,
      style: 'normal',
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    });
    const fonts = ['latin', 'latin-ext'].flatMap((subset) => [font(subset, 400), font(subset, 700)]);
    return { satori: (await import('satori')).default, fonts };
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

type Node = { type: string; props: { style: Record<string, unknown>; children?: Node[] | string } };
const box = (style: Record<string, unknown>, children: Node[] | string): Node => ({
  type: 'div',
  props: { style, children },
});

function layout(card: PreviewCard): Node {
  const name =
    card.name.length > NAME_MAX_CHARACTERS ? `${card.name.slice(0, NAME_MAX_CHARACTERS - 1)}…` : card.name;
  return box(
    {
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      padding: `48px ${SIDE_PADDING}px`,
      backgroundColor: '#1e1b4b',
      backgroundImage: 'linear-gradient(135deg, #1e1b4b 0%, #4c1d95 60%, #be185d 100%)',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    [
      box({ fontSize: 32, fontWeight: 700, color: '#fbcfe8', flexShrink: 0 }, 'Encore · tickets from fans'),
      box({ height: NAME_AREA_HEIGHT, display: 'flex', flexDirection: 'column', justifyContent: 'center' }, [
        box(
          {
            width: TEXT_WIDTH,
            fontSize: 68,
            fontWeight: 700,
            lineHeight: 1.12,
            display: 'block',
            lineClamp: 3,
          },
          name,
        ),
      ]),
      box({ display: 'flex', flexDirection: 'column', flexShrink: 0, fontSize: 34, lineHeight: 1.3 }, [
        box({ width: TEXT_WIDTH, display: 'block', lineClamp: 1 }, card.dates),
        box({ width: TEXT_WIDTH, display: 'block', lineClamp: 1, color: '#e9d5ff' }, card.place),
        box({ fontSize: 40, fontWeight: 700, color: '#fde68a', marginTop: 8 }, card.price),
      ]),
    ],
  );
}

/** The card as a PNG of PREVIEW_WIDTH × PREVIEW_HEIGHT. */
export async function renderPreviewImage(card: PreviewCard): Promise<Buffer> {
  const { satori, fonts } = await renderer();
  const svg = await satori(layout(card) as Parameters<Satori>[0], {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts,
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
