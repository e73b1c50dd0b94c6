/** The window events through which `modals.openConfirmModal()` and its kin reach the modals host. */
export const MODAL_EVENT_PREFIX = "mantine-modals:";
export const MODAL_EVENTS = ["openModal", "openConfirmModal", "openContextModal", "closeModal", "closeAllModals", "updateModal", "updateContextModal"] as const;
