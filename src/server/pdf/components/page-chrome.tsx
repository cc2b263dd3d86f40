import { Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { brandingContacts, footerLabel, headerLabel, type TReportContext } from '../context.ts';
import { colours, FONT, FONT_BOLD } from '../theme.ts';

export const A4_WIDTH = 595.28;
export const PAGE_MARGIN_X = 44;
export const HEADER_HEIGHT = 30;

const styles = StyleSheet.create({
  header: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height: HEADER_HEIGHT,
    paddingHorizontal: PAGE_MARGIN_X,
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  headerText: { fontFamily: FONT_BOLD, fontSize: 8.5, width: '48%', maxLines: 1, textOverflow: 'ellipsis' },
  headerRight: { flexDirection: 'row', alignItems: 'center', justifyContent: 'flex-end', width: '50%' },
  headerSub: {
    fontFamily: FONT,
    fontSize: 8,
    flexShrink: 1,
    maxLines: 1,
    textOverflow: 'ellipsis',
    textAlign: 'right',
  },
  logoChip: {
    marginLeft: 8,
    backgroundColor: colours.white,
    borderRadius: 3,
    paddingHorizontal: 4,
    paddingVertical: 2,
  },
  logo: { height: 16, maxWidth: 80, objectFit: 'contain' },
  footer: {
    position: 'absolute',
    bottom: 22,
    left: PAGE_MARGIN_X,
    right: PAGE_MARGIN_X,
    borderTopWidth: 0.75,
    borderTopColor: colours.rule,
    paddingTop: 6,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
    color: colours.muted,
  },
  footerLeft: { maxWidth: 380, maxLines: 1, textOverflow: 'ellipsis' },
});

export const pageStyles = StyleSheet.create({
  page: {
    fontFamily: FONT,
    fontSize: 9,
    color: colours.text,
    paddingTop: HEADER_HEIGHT + 26,
    paddingBottom: 58,
    paddingHorizontal: PAGE_MARGIN_X,
  },
  /** the cover has no header strip: its hero bleeds to the top edge from here */
  cover: { paddingTop: 40 },
});

/** Coloured strip on every page but the cover. */
export function PageHeader({ ctx }: { ctx: TReportContext }) {
  const { theme } = ctx;
  return (
    <View fixed style={[styles.header, { backgroundColor: theme.primary }]}>
      {/* no hyphenation: a long name is cut with an ellipsis at a word boundary, not mid-word */}
      <Text style={[styles.headerText, { color: theme.onPrimary }]} hyphenationCallback={(word) => [word]}>
        {`${ctx.brandName}: ${ctx.documentKind}`}
      </Text>
      <View style={styles.headerRight}>
        <Text style={[styles.headerSub, { color: theme.onPrimary }]}>{headerLabel(ctx)}</Text>
        {ctx.logoPng ? (
          <View style={styles.logoChip}>
            <Image src={{ data: ctx.logoPng, format: 'png' }} style={styles.logo} />
          </View>
        ) : null}
      </View>
    </View>
  );
}

export function PageFooter({ ctx }: { ctx: TReportContext }) {
  const contact = brandingContacts(ctx).join('  |  ');
  return (
    <View fixed style={styles.footer}>
      <Text style={styles.footerLeft}>{contact ? `${footerLabel(ctx)}  |  ${contact}` : footerLabel(ctx)}</Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}

/** The first page: no header strip, the footer with the page number. */
export function CoverPage({ ctx, children }: { ctx: TReportContext; children: ReactNode }) {
  return (
    <Page size="A4" style={[pageStyles.page, pageStyles.cover]}>
      {children}
      <PageFooter ctx={ctx} />
    </Page>
  );
}

/** A flow of content pages, each with the header strip and the footer. */
export function ContentPage({ ctx, children }: { ctx: TReportContext; children: ReactNode }) {
  return (
    <Page size="A4" style={pageStyles.page}>
      <PageHeader ctx={ctx} />
      {children}
      <PageFooter ctx={ctx} />
    </Page>
  );
}
