import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyButton } from './copy-button.tsx';

afterEach(cleanup);

describe('CopyButton', () => {
  it('copies the full text and says so', async () => {
    render(
      <CopyButton
        text="0x52908400098527886E0F7030069857D2E4169EE7"
        label="Copy address"
        copiedLabel="Copied"
        ariaLabel="Copy the deposit address"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the deposit address' }));
    await screen.findByText('Copied');
    expect(await navigator.clipboard.readText()).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
  });

  it('shows its label until it is used', () => {
    render(<CopyButton text="MEEET7" label="Copy code" copiedLabel="Copied" />);
    expect(screen.getByRole('button').textContent).toBe('Copy code');
  });
});
