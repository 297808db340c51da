# The bot's image: `docker build -t gin-bot .` then see compose.yaml (docs/deploy.md).
# Dependencies come from the hashed lock (requirements/runtime.txt); the bot runs as a user
# of its own; the database lives in the /data volume; the health check asks /healthz.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm
FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GIN_DATABASE=/data/gin.sqlite3 \
    GIN_METRICS_ADDRESS=127.0.0.1:9108

WORKDIR /app

# Chinese, Japanese and Korean names in the pictures (bot/render/fonts.py); the stable
# release's current package, like the base image's own.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-wqy-microhei \
    && rm -rf /var/lib/apt/lists/*

# The locked dependencies first: this layer is rebuilt only when the lock changes.
COPY requirements/runtime.txt requirements/runtime.txt
RUN pip install --no-cache-dir --require-hashes -r requirements/runtime.txt

COPY pyproject.toml README.md LICENSE ./
COPY bot bot
COPY cogs cogs
COPY emulator emulator
RUN pip install --no-cache-dir --no-deps . \
    && useradd --system --uid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin gin \
    && mkdir /data \
    && chown 10001 /data

USER 10001
VOLUME ["/data"]
# /healthz and /metrics, when GIN_METRICS_ADDRESS listens beyond loopback (0.0.0.0:9108).
EXPOSE 9108

# The bot answers 503 until its store is open and every shard has connected (5 s apart).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["gin-bot", "healthcheck"]

# SIGTERM (docker stop) closes the bot cleanly: exit 0.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
