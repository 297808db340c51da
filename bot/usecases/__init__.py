"""Use cases: one per feature (challenges, tables, tournaments, circle), built once in
``setup_hook`` beside the services (spellbot's Action is the model).

A cog handler parses its interaction into plain values, makes ONE call on its feature's use
case and replies with what it returns. The use case is the interaction's one error and
transaction boundary: it calls the services (no Discord types below it), keeps the message
bookkeeping (which message shows what), and hands what changed to its feature's presenter,
which writes through the one outbox (`bot/outbox`). No cog or service posts by itself.
"""
