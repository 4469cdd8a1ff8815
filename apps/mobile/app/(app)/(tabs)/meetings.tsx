import { MeetingsScreen } from '../../../src/features/meetings/meetings-screen.tsx';

export default function MeetingsTab() {
  return <MeetingsScreen />;
}
