import { Route, Routes } from 'react-router-dom';
import { ProfilePage } from './features/profile/components/profile-page';

/** mf-dashboard's route tree, exposed to the shell as `mf_dashboard/routes`. Paths are absolute. */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<ProfilePage />} />
    </Routes>
  );
}
