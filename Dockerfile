# Builds the `arbiter` binary and runs `arbiter serve`.
FROM rust:1.88-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p cli

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/arbiter arbiter && mkdir -p /var/lib/arbiter && chown arbiter /var/lib/arbiter
COPY --from=build /src/target/release/arbiter /usr/local/bin/arbiter
USER arbiter
WORKDIR /var/lib/arbiter
ENV ARBITER_LISTEN=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["arbiter"]
CMD ["serve"]
