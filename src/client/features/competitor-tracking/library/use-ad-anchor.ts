import { useEffect, useRef, useState } from 'react';
import type { TAd } from '../../../../shared/schemas/competitors.ts';
import { toast } from '../../../hooks/use-toast.ts';

/** How far down the list a link to an ad is followed, page by page, before giving up. */
export const MAX_ADS_SEARCHED_FOR_A_LINK = 600;

const AD_ANCHOR = /^#ad-([0-9a-f-]{36})$/i;
const adIdOf = (hash: string) => AD_ANCHOR.exec(hash)?.[1] ?? null;

/** Frames to wait for a card to be drawn once its row is scrolled to. */
const FRAMES_TO_DRAW = 30;

/** Brings a drawn card into view, both in the list and on the page, and gives it the focus. */
function revealCard(adId: string, framesLeft = FRAMES_TO_DRAW) {
  const card = document.getElementById(`ad-${adId}`);
  if (!card) {
    if (framesLeft > 0) requestAnimationFrame(() => revealCard(adId, framesLeft - 1));
    return;
  }
  card.setAttribute('tabindex', '-1');
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}

/**
 * Links elsewhere on the screen (what changed, the reports) point at an ad's card by `#ad-<id>`.
 * The list draws only the cards in view and holds only the pages read, so the browser cannot find
 * the card itself: the list is scrolled to it, reading further pages while it is not loaded yet.
 */
export function useAdAnchor({
  ads,
  hasMore,
  loadingMore,
  loadFailed,
  loadMore,
  scrollToAd,
}: {
  ads: TAd[];
  hasMore: boolean;
  loadingMore: boolean;
  /** the last page asked for did not come (the list says so) */
  loadFailed: boolean;
  loadMore: () => void;
  /** scrolls the list to the ad at this place in the loaded ads */
  scrollToAd: (index: number) => void;
}) {
  const [wanted, setWanted] = useState<string | null>(() => adIdOf(window.location.hash));
  const latest = useRef(scrollToAd);
  latest.current = scrollToAd;

  useEffect(() => {
    const follow = () => setWanted(adIdOf(window.location.hash));
    // a second click on the same link changes no hash, yet should bring the card back
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#ad-"]') : null;
      const adId = link && adIdOf(link.getAttribute('href') ?? '');
      if (adId) setWanted(adId);
    };
    window.addEventListener('hashchange', follow);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', follow);
      document.removeEventListener('click', onClick);
    };
  }, []);

  useEffect(() => {
    if (!wanted) return;
    const index = ads.findIndex((ad) => ad.id === wanted);
    if (index >= 0) {
      setWanted(null);
      latest.current(index);
      requestAnimationFrame(() => revealCard(wanted));
    } else if (loadFailed) {
      setWanted(null);
    } else if (hasMore && ads.length < MAX_ADS_SEARCHED_FOR_A_LINK) {
      if (!loadingMore) loadMore();
    } else {
      setWanted(null);
      toast({
        title: 'That ad is not in this list',
        description:
          'The filters leave it out, or it is far down the library: clear the filters or search for its title.',
      });
    }
  }, [wanted, ads, hasMore, loadingMore, loadFailed, loadMore]);
}
