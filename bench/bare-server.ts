// The reference point of every API benchmark: Fastify answering a constant JSON object, nothing else.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3901);
const app = Fastify({ logger: false });
const body = { id: 'bench', name: 'Semear', ok: true };
app.get('/bare', async () => body);
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
