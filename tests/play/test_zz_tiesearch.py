import pytest
from .conftest import World
from .test_referee import _three_seats_carol_resigns, referee
from .referee import final_match

@pytest.mark.parametrize("seed", range(0, 40))
async def test_search(world: World, seed: int) -> None:
    a, b, c = world.alice, world.bob, world.carol
    table_id, _ = await _three_seats_carol_resigns(world, seed, 10)
    await referee(world, table_id, [a, b, c], resigned=(c,))
    store = world.bot.services.store
    record = await store.tables.get(table_id)
    match = final_match(record.state_json)
    with open("/tmp/walk-ties.txt", "a") as f:
        f.write(f"{seed} {match.scores} {match.tie_break} {match.winner}\n")
