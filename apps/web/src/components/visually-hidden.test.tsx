import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden.tsx';

afterEach(cleanup);

describe('VisuallyHidden', () => {
  it('adds its words to what a screen reader hears while taking no room on the page', () => {
    render(
      <a href="/help/faq#qr">
        More<VisuallyHidden>: Show your QR</VisuallyHidden>
      </a>,
    );
    // An absolutely placed span counts as a block for the name, hence the optional space.
    const link = screen.getByRole('link', { name: /^More\s?: Show your QR$/ });
    const hidden = link.querySelector('span')!;
    expect(getComputedStyle(hidden)).toMatchObject({
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
    });
  });

  it('can be a table caption, which names the table', () => {
    render(
      <table>
        <VisuallyHidden component="caption">Token economy</VisuallyHidden>
        <tbody>
          <tr>
            <td>Silver</td>
          </tr>
        </tbody>
      </table>,
    );
    screen.getByRole('table', { name: 'Token economy' });
  });
});
