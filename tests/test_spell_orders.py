"""Order ids of the spells: every order string the ability registry casts or commands with,
and every lower-case order string the corpus maps pass to ``Issue*Order`` (or compare through
``OrderId``), has its game id in ``natives.orders.ORDER_IDS`` (the game's ids as WurstStdlib2's
``Orders.wurst`` lists them: "creepthunderclap" 852253, custom-mcfc's Sun Storm orders it 44
times)."""
import re

from conftest import shared_path
from natives.abilities import REGISTRY
from natives.orders import ORDER_IDS

_ORDER_LINE = re.compile(r"Issue[A-Za-z]*Order|OrderId\(|String2OrderIdBJ")
_STRING = re.compile(r'"([a-z]+)"')


def test_every_registry_order_has_its_id():
    missing = sorted({o for row in REGISTRY.values() for o in row.orders if o not in ORDER_IDS})
    assert missing == []


def test_every_order_string_the_corpus_maps_issue_has_its_id():
    seen = set()
    for script in sorted(shared_path("corpus", "maps").glob("*/war3map.j")):
        for line in script.read_text(encoding="latin-1").splitlines():
            if _ORDER_LINE.search(line):
                seen.update(_STRING.findall(line))
    assert "creepthunderclap" in seen and ORDER_IDS["creepthunderclap"] == 852253
    assert sorted(s for s in seen if s not in ORDER_IDS) == []
