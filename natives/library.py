"""The natives library table: every module that registers natives, and how a run binds them.

As Lua's ``linit.c`` lists its standard libraries, ``NATIVE_MODULES`` lists the modules of
this package that register natives (``natives.registry``). Most of them hold part of the game
model too (``natives.game`` imports them to build a ``Game``), so a run imports them anyway.
The others (``LAZY_NATIVES``: heroes, items, pools, the AI captains...) only hold natives: a
run binds their natives by name from the static table below and imports such a module on the
first call of one of its natives (issue 17: a cached program load near the process floor).
``tests/test_native_library.py`` checks the table against the registry.

- ``load_natives()`` imports every module: the registry is then complete (the built-in API,
  ``jass natives``, coverage and save restores need that);
- ``bind_natives()`` is what a run binds: the same names, the lazy ones as stand-ins that
  import their module on first call.
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable

from natives.registry import NATIVES

EAGER_MODULES = ("handles", "players", "units", "orders", "production", "groups", "geometry", "blight",
                 "hashtables", "gamecache", "core", "boolexpr", "triggers", "timers", "events", "text",
                 "dialogs", "quests", "presentation", "mission", "daynight", "sound", "cinematics",
                 "camera", "fog", "effects", "texttags", "boards", "preload", "ai", "ui", "mapsetup",
                 "objectfields", "dzapi", "frames", "input", "display")
"""Natives modules the game model imports (``natives.game``): bound at once."""

# {module: its natives' common.j names, space-separated}; a test checks it against the registry.
_LAZY_TABLE = {
    "heroes": """
    SetHeroStr GetHeroStr SetHeroAgi GetHeroAgi SetHeroInt GetHeroInt UnitStripHeroLevel GetHeroXP
    SetHeroXP AddHeroXP SetHeroLevel GetHeroLevel GetHeroSkillPoints UnitModifySkillPoints
    GetHeroProperName BlzSetHeroProperName SuspendHeroXP IsSuspendedXP SelectHeroSkill ReviveHero
    ReviveHeroLoc IsHeroUnitId
    """,
    "items": """
    UnitInventorySize UnitAddItem UnitAddItemById UnitAddItemToSlotById UnitRemoveItem
    UnitRemoveItemFromSlot UnitHasItem UnitItemInSlot UnitDropItemPoint UnitDropItemSlot
    UnitDropItemTarget UnitUseItem UnitUseItemPoint UnitUseItemTarget CreateItem
    BlzCreateItemWithSkin RemoveItem GetItemPlayer SetItemPlayer GetItemTypeId GetItemX GetItemY
    SetItemPosition SetItemDropOnDeath SetItemDroppable SetItemPawnable SetItemInvulnerable
    IsItemInvulnerable SetItemVisible IsItemVisible IsItemOwned IsItemPowerup IsItemSellable
    IsItemPawnable IsItemIdPowerup IsItemIdSellable IsItemIdPawnable GetItemLevel GetItemType
    SetItemDropID GetItemName GetItemCharges SetItemCharges GetItemUserData SetItemUserData
    EnumItemsInRect
    """,
    "destructables": """
    CreateDestructable CreateDestructableZ CreateDeadDestructable CreateDeadDestructableZ
    BlzCreateDestructableWithSkin BlzCreateDestructableZWithSkin BlzCreateDeadDestructableWithSkin
    BlzCreateDeadDestructableZWithSkin RemoveDestructable KillDestructable
    SetDestructableInvulnerable IsDestructableInvulnerable EnumDestructablesInRect
    GetDestructableTypeId GetDestructableX GetDestructableY SetDestructableLife GetDestructableLife
    SetDestructableMaxLife GetDestructableMaxLife DestructableRestoreLife QueueDestructableAnimation
    SetDestructableAnimation SetDestructableAnimationSpeed ShowDestructable
    GetDestructableOccluderHeight SetDestructableOccluderHeight GetDestructableName
    """,
    "pools": """
    ChooseRandomItem ChooseRandomItemEx ChooseRandomCreep ChooseRandomNPBuilding CreateUnitPool
    DestroyUnitPool UnitPoolAddUnitType UnitPoolRemoveUnitType PlaceRandomUnit CreateItemPool
    DestroyItemPool ItemPoolAddItemType ItemPoolRemoveItemType PlaceRandomItem
    """,
    "aicaptains": """
    CreateCaptains SetCaptainHome ResetCaptainLocs ShiftTownSpot TeleportCaptain ClearCaptainTargets
    CaptainAttack AttackMoveXY AttackMoveKill CaptainVsUnits CaptainVsPlayer CaptainGoHome
    CaptainIsHome CaptainIsFull CaptainIsEmpty CaptainGroupSize CaptainReadinessHP
    CaptainReadinessMa CaptainReadiness CaptainRetreating CaptainAtGoal CaptainInCombat InitAssault
    AddAssault AddDefenders AddGuardPost FillGuardPosts ReturnGuardPosts GetMegaTarget GetCreepCamp
    StartGetEnemyBase WaitGetEnemyBase GetEnemyBase GetExpansionFoe GetEnemyExpansion SetStagePoint
    LoadZepWave SuicidePlayer SuicidePlayerUnits SuicideUnit SuicideUnitEx GetEnemyPower
    SetAllianceTarget GetAllianceTarget RemoveInjuries RemoveSiege IsTowered TownThreatened
    """,
    "aitown": """
    GetTownUnitCount GetMinesOwned GetGoldOwned TownWithMine TownHasMine TownHasHall GetUpgradeLevel
    GetUpgradeGoldCost GetUpgradeWoodCost StopGathering ClearHarvestAI HarvestGold HarvestWood
    SetProduce SetUpgrade GetNextExpansion GetExpansionX GetExpansionY GetExpansionPeon SetExpansion
    GetBuilding Unsummon SetHeroLevels GetHeroId GetHeroLevelAI MergeUnits ConvertUnits
    PurchaseZeppelin DoAiScriptDebug DisablePathing SetAmphibious UnitInvis IgnoredUnits CreepsOnMap
    """,
    "objecttext": """
    BlzGetAbilityTooltip BlzSetAbilityTooltip BlzGetAbilityExtendedTooltip
    BlzSetAbilityExtendedTooltip BlzGetAbilityActivatedTooltip BlzSetAbilityActivatedTooltip
    BlzGetAbilityActivatedExtendedTooltip BlzSetAbilityActivatedExtendedTooltip
    BlzGetAbilityResearchTooltip BlzSetAbilityResearchTooltip BlzGetAbilityResearchExtendedTooltip
    BlzSetAbilityResearchExtendedTooltip BlzGetAbilityIcon BlzSetAbilityIcon
    BlzGetAbilityActivatedIcon BlzSetAbilityActivatedIcon BlzGetAbilityPosX BlzSetAbilityPosX
    BlzGetAbilityPosY BlzSetAbilityPosY BlzGetAbilityActivatedPosX BlzSetAbilityActivatedPosX
    BlzGetAbilityActivatedPosY BlzSetAbilityActivatedPosY BlzGetItemTooltip BlzSetItemTooltip
    BlzGetItemExtendedTooltip BlzSetItemExtendedTooltip BlzGetItemDescription BlzSetItemDescription
    BlzGetItemIconPath BlzSetItemIconPath BlzSetItemName GetAbilityEffect GetAbilitySound AbilityId
    AbilityId2String
    """,
    "unitabilities": """
    BlzGetAbilityCooldown BlzGetAbilityManaCost BlzGetUnitAbilityCooldown BlzSetUnitAbilityCooldown
    BlzGetUnitAbilityManaCost BlzSetUnitAbilityManaCost BlzGetUnitAbilityCooldownRemaining
    BlzStartUnitAbilityCooldown BlzEndUnitAbilityCooldown BlzUnitHideAbility BlzUnitDisableAbility
    BlzGetUnitAbilityByIndex BlzGetItemAbilityByIndex
    """,
    "skins": """
    BlzGetUnitSkin BlzSetUnitSkin BlzGetItemSkin BlzSetItemSkin
    """,
    "utility": """
    BlzBitAnd BlzBitOr BlzBitXor BlzConvertColor VersionSupported VersionCompatible ParseTags
    AutomationSetTestType AutomationTestStart AutomationTestEnd AutomationTestingFinished
    RequestExtraIntegerData RequestExtraRealData RequestExtraBooleanData RequestExtraStringData
    """,
}

LAZY_NATIVES: dict[str, str] = {name: f"natives.{module}" for module, names in _LAZY_TABLE.items()
                                for name in names.split()}
"""{common.j name: module} of the natives whose module a run imports on their first call."""

NATIVE_MODULES = (*EAGER_MODULES, *_LAZY_TABLE)
"""Every module that registers natives (names in ``natives``). Keep in sync with the package."""


def import_all() -> None:
    """Import every natives module: the registry is complete and every model class exists."""
    for module in NATIVE_MODULES:
        import_module(f"natives.{module}")


def load_natives() -> dict[str, Callable]:
    """{common.j name: implementation} of every registered native (imports every module)."""
    import_all()
    return {name: spec.func for name, spec in NATIVES.items()}


def bind_natives() -> dict[str, Callable]:
    """{common.j name: implementation} for a run: the names of ``load_natives()``, in any order,
    where a native of ``LAZY_NATIVES`` whose module is not imported yet is a stand-in that imports
    it on its first call and then calls the native (same arguments, result and errors)."""
    for module in EAGER_MODULES:
        import_module(f"natives.{module}")
    bound = {name: spec.func for name, spec in NATIVES.items()}
    for name, module in LAZY_NATIVES.items():
        if name not in bound:
            bound[name] = _stand_in(name, module)
    return bound


def _stand_in(name: str, module: str) -> Callable:
    func = None

    def call(*args):
        nonlocal func
        if func is None:
            import_module(module)
            func = NATIVES[name].func
        return func(*args)

    call.__name__ = call.__qualname__ = name
    call.lazy_module = module
    return call
