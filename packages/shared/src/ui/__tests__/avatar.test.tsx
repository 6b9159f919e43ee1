import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { Avatar } from '../avatar';

const avatarOf = (name: string) =>
  render(
    <ThemeProvider theme={lightTheme}>
      <Avatar name={name} />
    </ThemeProvider>,
  ).container.firstElementChild;

describe('Avatar', () => {
  it('shows whole emoji and combined letters, never half of one', () => {
    expect(avatarOf('Zed 😀')).toHaveTextContent(/^Z😀$/u);
    expect(avatarOf('🇫🇷 Paris Office')).toHaveTextContent(/^🇫🇷P$/u);
    expect(avatarOf('Zed 😀')?.textContent).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
