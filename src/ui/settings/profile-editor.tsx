"use client";

import { Button, Group } from "@mantine/core";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Profile } from "@/api/schemas/session";
import { useHydrated } from "@/ui/shared/use-hydrated";
import type { ProfileOptions } from "./profile-form";

/** The form is loaded when it is asked for (pointed at or pressed), not with the page. */
const loadForm = () => import("./profile-form").then((m) => m.ProfileForm);
const ProfileForm = dynamic(loadForm, { ssr: false });

/** "Change details", and the form in its place while the details are being changed. */
export function ProfileEditor({ profile, options }: { profile: Profile; options: ProfileOptions }) {
  const t = useTranslations("settings-pages.profile");
  const interactive = useHydrated();
  const [editing, setEditing] = useState(false);
  if (editing) return <ProfileForm profile={profile} options={options} onDone={() => setEditing(false)} />;
  return (
    <Group>
      <Button
        variant="default"
        onClick={() => setEditing(true)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        data-testid="profile-edit"
        data-interactive={interactive || undefined}
      >
        {legalOrPrivate(profile, t)}
      </Button>
    </Group>
  );
}

function legalOrPrivate(profile: Profile, t: (key: "edit-legal-button" | "edit-private-button") => string) {
  return profile.kind === "legal" ? t("edit-legal-button") : t("edit-private-button");
}
