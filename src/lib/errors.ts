/** A problem with one field of a request: where (`path`), what kind (`code`) and a translation key (`message`). */
export interface FieldError {
  path: string;
  code: string;
  message: string;
}
