import { render } from '@testing-library/react';
import { usePageMeta } from '../hooks/use-page-meta';

function Page({ title, description }: { title: string; description: string }) {
  usePageMeta(title, description);
  return null;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('usePageMeta', () => {
  it('sets the title with the brand and the meta description, and restores them on unmount', () => {
    document.title = 'Before';
    const view = render(<Page title="About us" description="Who we are." />);
    expect(document.title).toBe('About us | Orbitra Group');
    expect(description()).toBe('Who we are.');
    view.unmount();
    expect(document.title).toBe('Before');
    expect(description()).toBe('');
  });

  it('does not repeat the brand when the title already has it', () => {
    render(<Page title="Orbitra Group | Software" description="x" />);
    expect(document.title).toBe('Orbitra Group | Software');
  });
});
