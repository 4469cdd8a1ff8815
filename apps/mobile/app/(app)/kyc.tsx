import { KycScreen } from '../../src/features/account/kyc-screen.tsx';

export default function Kyc() {
  return <KycScreen />;
}
