import { useRouter } from 'expo-router';
import { MapScreen } from '../../../src/features/map/map-screen.tsx';

export default function MapTab() {
  const router = useRouter();
  return <MapScreen onOpenPerson={(userId) => router.push(`/person/${userId}`)} />;
}
