"""A loopback Discord (REST v10 + Gateway v10) for end-to-end tests and benchmarks."""
