// What every app gets for `react-router`, the one router all of them share: its production build,
// and only what the apps use, so the first load does not carry the whole library (data routers,
// server rendering, cookies). An app that needs more adds the name here; a name missing here
// fails that app's build.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'app-react-router-production';
