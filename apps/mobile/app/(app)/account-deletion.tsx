import { DeletionScreen } from '../../src/features/account/deletion-screen.tsx';

export default function AccountDeletion() {
  return <DeletionScreen />;
}
