import { AdminPage as Admin } from "../../features/admin";

/** /admin. */
export function AdminPage() {
  return <Admin />;
}
