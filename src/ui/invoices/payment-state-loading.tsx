import { getTranslations } from "next-intl/server";
import { Bone, PlaceholderPanel } from "@/ui/shared/placeholder";
import { LoadingStatus } from "./loading-status";

/** Skeleton of a payment-state page. */
export async function PaymentStateLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <div style={{ maxWidth: 620, marginInline: "auto" }}>
      <PlaceholderPanel center>
        <LoadingStatus label={t("loading")} />
        <span style={{ width: 56, height: 56, borderRadius: "50%", overflow: "hidden" }}>
          <Bone h={56} w={56} />
        </span>
        <Bone h={28} w="60%" />
        <Bone h={16} w="80%" />
        <Bone h={36} w={200} />
      </PlaceholderPanel>
    </div>
  );
}
