import { useLocation } from 'react-router-dom';

export default function MarketingRoutes() {
  const location = useLocation();
  return <h1>Marketing {location.pathname}</h1>;
}
