/**
 * The admin gate's flag (SPEC §4 "Admin gate": sessionStorage `adminAuthenticated = 'true'`). It only
 * records that this tab re-entered the password; it grants nothing — the server checks every admin call.
 */
const ADMIN_FLAG_KEY = 'adminAuthenticated';

export function isAdminFlagSet(): boolean {
  try {
    return window.sessionStorage.getItem(ADMIN_FLAG_KEY) === 'true';
  } catch {
    return false; // storage disabled: ask again
  }
}

export function setAdminFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');
    else window.sessionStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // storage disabled: the gate simply asks again next time
  }
}
