import { fireEvent, screen } from '@testing-library/react-native';
import * as ImagePicker from 'expo-image-picker';
import { fakeServer, renderScreen, signedIn } from '../../../test/helpers.tsx';
import { ProfilePhotoCard } from './profile-photo.tsx';

// expo-image-picker and expo-image-manipulator are native peers (camera, photo library, image
// codecs): there is no iPhone under Jest, so both are replaced at their module edge and the
// test checks what the screen asks of them and what it uploads.
jest.mock('expo-image-picker', () => ({
  CameraType: { back: 'back', front: 'front' },
  requestCameraPermissionsAsync: jest.fn(),
  requestMediaLibraryPermissionsAsync: jest.fn(),
  launchCameraAsync: jest.fn(),
  launchImageLibraryAsync: jest.fn(),
}));
jest.mock('expo-image-manipulator', () => ({
  SaveFormat: { JPEG: 'jpeg', PNG: 'png', WEBP: 'webp' },
  ImageManipulator: { manipulate: jest.fn() },
}));

const picker = jest.mocked(ImagePicker);
const { manipulate } = (
  jest.requireMock('expo-image-manipulator') as { ImageManipulator: { manipulate: jest.Mock } }
).ImageManipulator;

/** The manipulator's context as the screen uses it; `resize` records the size asked for. */
function fakeContext() {
  const context = {
    resize: jest.fn(),
    renderAsync: jest.fn(async () => ({
      saveAsync: jest.fn(async () => ({ uri: 'file:///small.jpg', width: 1600, height: 1200 })),
    })),
  };
  context.resize.mockReturnValue(context);
  manipulate.mockReturnValue(context);
  return context;
}

const granted = { granted: true, status: 'granted', canAskAgain: true, expires: 'never' };
const media = { list: [], count: 0 };

/** The photo a source gives once allowed: the camera's shot or the library's pick. */
function picks(
  source: 'camera' | 'library',
  asset: { uri: string; width: number; height: number },
) {
  const [allow, launch] =
    source === 'camera'
      ? [picker.requestCameraPermissionsAsync, picker.launchCameraAsync]
      : [picker.requestMediaLibraryPermissionsAsync, picker.launchImageLibraryAsync];
  allow.mockResolvedValue(granted as never);
  launch.mockResolvedValue({ canceled: false, assets: [asset] } as never);
}

/** What the screen put into its multipart body, in order. */
const appended = () => jest.mocked(FormData.prototype.append).mock.calls;

describe('profile photo', () => {
  beforeEach(() => {
    signedIn();
    jest.clearAllMocks();
    jest.spyOn(FormData.prototype, 'append');
  });
  afterEach(() => jest.restoreAllMocks());

  it('takes a photo, shrinks it to 1600 px and uploads it to the profile photos', async () => {
    picks('camera', { uri: 'file:///big.jpg', width: 4000, height: 3000 });
    const context = fakeContext();
    const calls = fakeServer({ 'POST /api/media': { body: media } });
    await renderScreen(<ProfilePhotoCard />);
    await fireEvent.press(screen.getByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByText('Your new photo is saved')).toBeOnTheScreen();
    expect(manipulate).toHaveBeenCalledWith('file:///big.jpg');
    expect(context.resize).toHaveBeenCalledWith({ width: 1600 });
    expect(calls.map((call) => call.path)).toEqual(['/api/media']);
    expect(appended()).toEqual([
      ['album', 'profile_photos'],
      ['files', { uri: 'file:///small.jpg', name: 'photo.jpg', type: 'image/jpeg' }],
    ]);
  });

  it('keeps a small library photo at its size', async () => {
    picks('library', { uri: 'file:///portrait.jpg', width: 900, height: 1200 });
    const context = fakeContext();
    fakeServer({ 'POST /api/media': { body: media } });
    await renderScreen(<ProfilePhotoCard />);
    await fireEvent.press(screen.getByRole('button', { name: 'Choose from library' }));
    expect(await screen.findByText('Your new photo is saved')).toBeOnTheScreen();
    expect(context.resize).not.toHaveBeenCalled();
  });

  it('says where to allow the camera when permission is refused, and sends nothing', async () => {
    picker.requestCameraPermissionsAsync.mockResolvedValue({ ...granted, granted: false } as never);
    const calls = fakeServer({});
    await renderScreen(<ProfilePhotoCard />);
    await fireEvent.press(screen.getByRole('button', { name: 'Take a photo' }));
    expect(
      await screen.findByText(
        'MEEET may not use the camera or photos. Allow it in the iPhone settings.',
      ),
    ).toBeOnTheScreen();
    expect(picker.launchCameraAsync).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of an image", async () => {
    picks('library', { uri: 'file:///x.jpg', width: 100, height: 100 });
    fakeContext();
    fakeServer({
      'POST /api/media': {
        status: 415,
        body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type' },
      },
    });
    await renderScreen(<ProfilePhotoCard />);
    await fireEvent.press(screen.getByRole('button', { name: 'Choose from library' }));
    expect(await screen.findByText('Unsupported file type')).toBeOnTheScreen();
  });
});
