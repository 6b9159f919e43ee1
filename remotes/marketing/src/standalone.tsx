import { renderStandalone } from '@app/shared';
import HomePage from './pages/home-page';
import AboutPage from './pages/about-page';
import ContactPage from './pages/contact-page';
import ServicesPage from './pages/services-page';
import ProductsPage from './pages/products-page';
import PricingPage from './pages/pricing-page';

renderStandalone({
  '/': HomePage,
  '/about': AboutPage,
  '/contact': ContactPage,
  '/services': ServicesPage,
  '/products': ProductsPage,
  '/payofina': PricingPage,
});
