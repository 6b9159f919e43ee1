import type { ContactService } from '@app/shared/forms';

// Stroke paths on a 24-unit grid: a few hundred bytes instead of an icon library.
const paths: Record<ContactService, string> = {
  payofina: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  web: 'M3 5h18v12H3zM8 21h8M12 17v4',
  mobile: 'M7 2h10v20H7zM11 18h2',
  integration: 'M8 12h8M5 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  consulting: 'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z',
};

export function ServiceIcon({ service }: { service: ContactService }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[service]} />
    </svg>
  );
}
