import { PageHeader } from "../../components/page-header";
import { useAuth } from "../../lib/auth";
import { useTranslation } from "../../lib/i18n";
import { ChangePasswordCard } from "./change-password-card";
import { ProfileCard } from "./profile-card";

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The protected layout only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <PageHeader title={t("profile.title")} />
      <ProfileCard user={user} />
      <ChangePasswordCard />
    </div>
  );
}
