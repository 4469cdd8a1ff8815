import { useEffect, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { HouseAd } from '../../components/house-ad';
import { captureAffiliateParams } from '../../lib/affiliate.ts';
import { api } from '../../lib/api-client.ts';
import './i18n';
import Banner from './components/banner';
import CallToAction from './components/call-to-action';
import Earn from './components/earn';
import Hero from './components/hero';
import HowItWorks from './components/how-it-works';
import LatestNews from './components/latest-news';
import Partners from './components/partners';
import TokenLevels from './components/token-levels';
import type { Landing } from './values';

export interface HomePageProps {
  /** CPA landing mode (spec §2): the same screen with the landing's angle first. */
  landing?: Landing;
}

type SectionKey = 'partners' | 'how' | 'tokens' | 'earn';

const SECTIONS: Record<SectionKey, () => ReactElement> = {
  partners: () => <Partners key="partners" />,
  how: () => <HowItWorks key="how" />,
  tokens: () => <TokenLevels key="tokens" />,
  earn: () => <Earn key="earn" />,
};

/** Order of the sections after the banner, per mode. */
const ORDER: Record<Landing | 'home', SectionKey[]> = {
  home: ['partners', 'how', 'tokens', 'earn'],
  'cpa-landing': ['partners', 'how', 'tokens', 'earn'],
  'cpa-landing-meet': ['how', 'partners', 'tokens'],
  'cpa-landing-earn': ['earn', 'tokens', 'how', 'partners'],
};

/**
 * A CPA landing tells the server at once that a visitor came by a link: any API call carries
 * the stored `cpa`/`uid` as headers (spec §7), and the server counts the hit from them. The
 * parameters are stored here first, since this effect runs before the root layout's.
 */
function useLandingHit(landing: Landing | undefined): void {
  const { search } = useLocation();
  useEffect(() => {
    if (!landing) return;
    if (search) captureAffiliateParams(search);
    void api.get(cpaPaths.landings);
  }, [landing, search]);
}

export default function HomePage({ landing }: HomePageProps) {
  useLandingHit(landing);
  return (
    <Box data-testid="home-page" data-landing={landing ?? 'home'}>
      <Hero landing={landing} />
      <Banner />
      {ORDER[landing ?? 'home'].map((key) => SECTIONS[key]())}
      {!landing && <LatestNews />}
      {!landing && (
        <Container maxWidth="lg">
          <HouseAd placement="home" />
        </Container>
      )}
      <CallToAction />
    </Box>
  );
}
