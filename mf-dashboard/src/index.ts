// Standalone entry: the remote's own host page, for working on it without the shell.
import('./standalone');
