import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { HouseAd } from '../../components/house-ad';
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

export default function HomePage({ landing }: HomePageProps) {
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
