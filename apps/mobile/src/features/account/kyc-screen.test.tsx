import { fireEvent, screen } from '@testing-library/react-native';
import * as ImagePicker from 'expo-image-picker';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { KycScreen } from './kyc-screen.tsx';

// expo-image-picker and expo-image-manipulator are native peers (camera, image codecs): no
// iPhone runs under Jest, so both are replaced at their module edge.
jest.mock('expo-image-picker', () => ({
  CameraType: { back: 'back', front: 'front' },
  requestCameraPermissionsAsync: jest.fn(async () => ({ granted: true })),
  launchCameraAsync: jest.fn(async () => ({
    canceled: false,
    assets: [{ uri: 'file:///shot.jpg', width: 3000, height: 4000 }],
  })),
}));
jest.mock('expo-image-manipulator', () => {
  const context = {
    resize: () => context,
    renderAsync: async () => ({ saveAsync: async () => ({ uri: 'file:///small.jpg' }) }),
  };
  return { SaveFormat: { JPEG: 'jpeg' }, ImageManipulator: { manipulate: () => context } };
});

const image = (kind: 'document' | 'selfie') => ({
  id: `00000000-0000-4000-8000-00000000000${kind === 'document' ? 1 : 2}`,
  ownerId: 1,
  album: 'kyc',
  targetId: 1,
  kind,
  isAvatar: false,
  width: 100,
  height: 100,
  createdAt: '2026-11-28T09:00:00.000Z',
});

const draft = {
  status: 'draft',
  moderatorComment: null,
  maxNftType: null,
  requestedNftType: null,
  levelRequestedAt: null,
  profileComplete: true,
  document: null,
  selfie: null,
  submittedAt: null,
  decidedAt: null,
  history: [],
};

describe('KYC in the app', () => {
  beforeEach(() => {
    signedIn();
    jest.clearAllMocks();
    jest.spyOn(FormData.prototype, 'append');
  });
  afterEach(() => jest.restoreAllMocks());

  it('photographs the document, then a selfie with the front camera, and sends them for review', async () => {
    let state: Record<string, unknown> = draft;
    const calls = fakeServer({
      'GET /api/kyc': () => ({ body: state }),
      'POST /api/media': () => {
        const kind = String(jest.mocked(FormData.prototype.append).mock.calls.at(-2)?.[1]);
        const taken = kind === 'selfie' ? 'selfie' : 'document';
        state = { ...state, [taken]: image(taken) };
        return { body: { list: [], count: 0 } };
      },
      'POST /api/kyc/submit': () => {
        state = { ...state, status: 'requested' };
        return { body: state };
      },
    });
    await renderScreen(<KycScreen />);
    expect(await screen.findByText('Status: Not submitted')).toBeOnTheScreen();
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeDisabled();

    await fireEvent.press(screen.getByRole('button', { name: 'Photograph your document' }));
    expect(await screen.findByText('Document photo ✓')).toBeOnTheScreen();
    await fireEvent.press(screen.getByRole('button', { name: 'Take a selfie' }));
    expect(await screen.findByText('Selfie ✓')).toBeOnTheScreen();
    expect(
      jest.mocked(ImagePicker.launchCameraAsync).mock.calls.map(([o]) => o?.cameraType),
    ).toEqual(['back', 'front']);
    expect(jest.mocked(FormData.prototype.append).mock.calls).toEqual([
      ['album', 'kyc'],
      ['kind', 'document'],
      ['files', expect.objectContaining({ uri: 'file:///small.jpg' })],
      ['album', 'kyc'],
      ['kind', 'selfie'],
      ['files', expect.objectContaining({ uri: 'file:///small.jpg' })],
    ]);

    await fireEvent.press(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Status: Under review')).toBeOnTheScreen();
    expect(
      screen.getByText('Your photos are with the moderator and cannot be changed now.'),
    ).toBeOnTheScreen();
    expect(calls.filter((call) => call.path === '/api/kyc/submit')).toHaveLength(1);
  });
});
