import { z } from 'zod';

// In the browser zod must not probe for eval: the CSP forbids it and every probe is reported
// as a violation. The server keeps zod's faster compiled parsers.
z.config({ jitless: true });
