import { getTranslations } from "next-intl/server";
import { Bone, PlaceholderPanel, PlaceholderStack } from "@/ui/shared/placeholder";
import { LoadingStatus } from "@/ui/invoices/loading-status";

/** Skeleton of the settings page while it loads: the heading, the tabs and a panel. */
export default async function SettingsLoading() {
  const t = await getTranslations("settings-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="settings-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={200} />
      <Bone h={20} w={360} />
      <Bone h={44} />
      <PlaceholderPanel>
        <Bone h={24} w={180} />
        <Bone h={36} />
        <Bone h={36} />
        <Bone h={36} w={240} />
      </PlaceholderPanel>
    </PlaceholderStack>
  );
}
