// Loaded into each worker (node --import): a worker outlives nothing. When the front is gone,
// even killed with -9, the IPC channel closes and the worker leaves instead of lingering on its
// port.
process.on("disconnect", () => process.exit(0));
