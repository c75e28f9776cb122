import type { ReactElement } from 'react';

/*
 * This file's own text is the design's version (share-cards/index.ts `designVersion`): any edit
 * here redraws every card.
 */

/** Size of a share card: the 1.91:1 picture Open Graph and X show for `summary_large_image`. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What one card says. */
export interface CardText {
  title: string;
  /** The part of the site the page belongs to ("Reference", "Quickstarts"); none on top-level pages. */
  section?: string;
  product: string;
  /** The site's host, printed small (`docs.example.com`). */
  host: string;
}

/** The card's colours, read from the theme's dark palette (see palette.ts). */
export interface CardColors {
  background: string;
  panel: string;
  foreground: string;
  muted: string;
  accent: string;
  brand: string;
}

/** Long titles get smaller type so that three lines hold them. */
function titleSize(title: string): number {
  if (title.length <= 24) return 84;
  if (title.length <= 44) return 72;
  if (title.length <= 70) return 60;
  return 50;
}

/**
 * The drawing: a dark card with the brand colour as a band on the left edge, a disc cut by the upper
 * right corner with a ring in it; the section above the title, the logo and product name at the bottom. Satori
 * lays it out (flexbox only), so every box says `display: flex`.
 */
export function cardTree(text: CardText, colors: CardColors, logo: string | undefined): ReactElement {
  return (
    <div style={{ width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', position: 'relative', background: colors.background, color: colors.foreground, fontFamily: 'Inter' }}>
      <div style={{ position: 'absolute', right: -300, top: -300, width: 600, height: 600, borderRadius: '50%', background: colors.panel, display: 'flex' }} />
      <div style={{ position: 'absolute', right: 64, top: 56, width: 124, height: 124, borderRadius: '50%', border: `12px solid ${colors.brand}`, display: 'flex' }} />
      <div style={{ width: 18, height: CARD_HEIGHT, background: colors.brand, display: 'flex' }} />
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: '64px 80px 56px 70px' }}>
        <div style={{ display: 'flex', fontSize: 30, fontWeight: 700, color: colors.accent, letterSpacing: 1, maxWidth: 760 }}>{text.section ?? ''}</div>
        <div style={{ display: 'flex', fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, maxWidth: 860, lineClamp: 3 }}>{text.title}</div>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%' }}>
          <div style={{ display: 'flex', alignItems: 'center' }}>
            {logo && (
              <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 84, height: 84, marginRight: 24, borderRadius: 20, background: colors.panel }}>
                <img src={logo} width={60} height={60} />
              </div>
            )}
            <div style={{ display: 'flex', fontSize: 38, fontWeight: 700 }}>{text.product}</div>
          </div>
          <div style={{ display: 'flex', fontSize: 26, color: colors.muted }}>{text.host}</div>
        </div>
      </div>
    </div>
  );
}
