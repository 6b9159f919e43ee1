import { useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '@app/shared';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found | Orbitra Group';
  }, []);
  return (
    <>
      <h1 className="visually-hidden">Page not found</h1>
      <ErrorPanel title="Page not found" message="The page you are looking for does not exist or has moved." />
      <p style={{ textAlign: 'center' }}>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
