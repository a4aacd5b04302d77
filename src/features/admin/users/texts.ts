/** The users page's texts, exactly as SPEC §2 and §8 "Admin" write them. */
export const USERS_TEXT = {
  heading: (n: number) => `Manage ${n} user(s) in the database`,
  search: 'Search users...',
  loading: 'Loading users from database...',
  emptySearch: 'No users found matching your search.',
  empty: 'No users found in database.',
  loadError: 'Failed to load users. Please try again.',
  loadToast: 'Failed to load users from database.',
  deleteFailed: 'Failed to delete user. Please try again.',
  creditsFailed: 'Failed to add credits. Please try again.',
  updateFailed: 'Failed to update user. Please try again.',
  deleted: ['User Deleted', 'User has been successfully deleted from the database.'],
  creditsAdded: (n: number) =>
    ['Credits Added', `${n} credits have been added to the user's account.`] as const,
  updated: ['User Updated', 'User information has been successfully updated.'],
} as const;

/** Quick grants in the row menu (SPEC §9). */
export const QUICK_GRANTS = [100, 500] as const;

/** Debounce of the search box before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
