/**
 * Preloaded into every journey's own server (`node --import`): the server stops when the journey's
 * worker that started it goes away (a timed-out hook, a crashed worker), so no server of an earlier try
 * is left on the port answering the next try's requests with the previous try's settings.
 */
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
