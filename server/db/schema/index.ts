export * from './analytics';
export * from './auth';
export * from './campaigns';
export * from './mail';
export * from './users';
export * from './money';
export * from './sandbox-gateway';
export * from './donor-home';
