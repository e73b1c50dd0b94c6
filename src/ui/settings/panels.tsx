"use client";

import dynamic from "next/dynamic";

/**
 * The interactive parts of the settings tabs, each in its own chunk: a page loads the code of the
 * tab it shows, not of every tab. They are rendered on the server as usual.
 */
export const ProfileEditor = dynamic(() => import("./profile-editor").then((m) => m.ProfileEditor));
export const MyDataDownload = dynamic(() => import("./my-data-download").then((m) => m.MyDataDownload));
export const ContactsManager = dynamic(() => import("./contacts-manager").then((m) => m.ContactsManager));
export const AddressCard = dynamic(() => import("./address-card").then((m) => m.AddressCard));
export const BankAccountsManager = dynamic(() => import("./bank-accounts-manager").then((m) => m.BankAccountsManager));
export const AppearanceSettings = dynamic(() => import("./appearance-settings").then((m) => m.AppearanceSettings));
