import { WalletScreen } from '../../../src/features/wallet/wallet-screen.tsx';

export default function WalletTab() {
  return <WalletScreen />;
}
