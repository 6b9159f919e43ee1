import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import MarketingRoutes from './routes';

createRoot(document.getElementById('root')!).render(<BrowserRouter><MarketingRoutes /></BrowserRouter>);
