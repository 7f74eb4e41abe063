"""The natives library table: every module that registers natives, and how a run binds them.

As Lua's ``linit.c`` lists its standard libraries, ``NATIVE_MODULES`` lists the modules of
this package that register natives (``natives.registry``), and the static table below names
each module's natives. A run binds the natives by name from that table, without importing the
modules: a native whose module is not imported yet is a stand-in that imports it on its first
call (issue 17: a cached program load near the process floor). Most of these modules hold part
of the game model too, so building a ``Game`` imports them, and ``GameSession`` then binds its
program's stand-ins of those modules to the natives themselves (``resolve``); the others
(heroes, items, pools, the AI captains...) are imported on the first call of one of their
natives. ``tests/test_native_library.py`` checks the table against the registry.

- ``load_natives()`` imports every module: the registry is then complete (the built-in API,
  ``jass natives``, coverage and save restores need that);
- ``bind_natives()`` is what a run binds: the same names, those of modules not imported yet as
  stand-ins.
"""
from __future__ import annotations

import sys
from importlib import import_module
from collections.abc import Callable

from natives.registry import NATIVES

# {module: its natives' common.j names, space-separated}; a test checks it against the registry.
_TABLE = {
    "handles": """
    GetHandleId ConvertRace ConvertAllianceType ConvertRacePref ConvertIGameState ConvertFGameState
    ConvertPlayerState ConvertPlayerScore ConvertPlayerGameResult ConvertUnitState
    ConvertAIDifficulty ConvertGameEvent ConvertPlayerEvent ConvertPlayerUnitEvent
    ConvertWidgetEvent ConvertDialogEvent ConvertUnitEvent ConvertLimitOp ConvertUnitType
    ConvertGameSpeed ConvertPlacement ConvertStartLocPrio ConvertGameDifficulty ConvertGameType
    ConvertMapFlag ConvertMapVisibility ConvertMapSetting ConvertMapDensity ConvertMapControl
    ConvertPlayerColor ConvertPlayerSlotState ConvertVolumeGroup ConvertCameraField ConvertBlendMode
    ConvertRarityControl ConvertTexMapFlags ConvertFogState ConvertEffectType ConvertVersion
    ConvertItemType ConvertAttackType ConvertDamageType ConvertWeaponType ConvertSoundType
    ConvertPathingType ConvertMouseButtonType ConvertAnimType ConvertSubAnimType
    ConvertOriginFrameType ConvertFramePointType ConvertTextAlignType ConvertFrameEventType
    ConvertOsKeyType ConvertAbilityIntegerField ConvertAbilityRealField ConvertAbilityBooleanField
    ConvertAbilityStringField ConvertAbilityIntegerLevelField ConvertAbilityRealLevelField
    ConvertAbilityBooleanLevelField ConvertAbilityStringLevelField
    ConvertAbilityIntegerLevelArrayField ConvertAbilityRealLevelArrayField
    ConvertAbilityBooleanLevelArrayField ConvertAbilityStringLevelArrayField ConvertUnitIntegerField
    ConvertUnitRealField ConvertUnitBooleanField ConvertUnitStringField
    ConvertUnitWeaponIntegerField ConvertUnitWeaponRealField ConvertUnitWeaponBooleanField
    ConvertUnitWeaponStringField ConvertItemIntegerField ConvertItemRealField
    ConvertItemBooleanField ConvertItemStringField ConvertMoveType ConvertTargetFlag
    ConvertArmorType ConvertHeroAttribute ConvertDefenseType ConvertRegenType ConvertUnitCategory
    ConvertPathingFlag
    """,
    "players": """
    Player GetLocalPlayer GetPlayerId GetBJMaxPlayers GetBJPlayerNeutralVictim
    GetBJPlayerNeutralExtra GetBJMaxPlayerSlots GetPlayerNeutralPassive GetPlayerNeutralAggressive
    SetPlayerTeam GetPlayerTeam SetPlayerStartLocation ForcePlayerStartLocation
    GetPlayerStartLocation SetPlayerColor GetPlayerColor SetPlayerRacePreference IsPlayerRacePrefSet
    SetPlayerRaceSelectable GetPlayerSelectable SetPlayerController GetPlayerController
    GetPlayerSlotState SetPlayerName GetPlayerName SetPlayerOnScoreScreen GetPlayerRace
    SetPlayerAlliance GetPlayerAlliance IsPlayerAlly IsPlayerEnemy SetPlayerTaxRate GetPlayerTaxRate
    SetPlayerState GetPlayerState IsPlayerObserver GetPlayerHandicap GetPlayerHandicapXP
    SetPlayerHandicap SetPlayerHandicapXP GetPlayerHandicapDamage GetPlayerHandicapReviveTime
    SetPlayerHandicapDamage SetPlayerHandicapReviveTime SetPlayerTechMaxAllowed
    GetPlayerTechMaxAllowed AddPlayerTechResearched SetPlayerTechResearched GetPlayerTechResearched
    SetPlayerAbilityAvailable SetPlayers GetPlayers SetTeams GetTeams DefineStartLocation
    DefineStartLocationLoc GetStartLocationX GetStartLocationY GetStartLocationLoc
    SetStartLocPrioCount SetStartLocPrio GetStartLocPrioSlot GetStartLocPrio
    SetEnemyStartLocPrioCount SetEnemyStartLocPrio CreateForce DestroyForce ForceAddPlayer
    ForceRemovePlayer BlzForceHasPlayer ForceClear IsPlayerInForce ForceEnumPlayers
    ForceEnumPlayersCounted ForceEnumAllies ForceEnumEnemies ForForce CripplePlayer
    CachePlayerHeroData
    """,
    "units": """
    GetWidgetLife SetWidgetLife GetWidgetX GetWidgetY CreateUnit CreateUnitAtLoc
    BlzCreateUnitWithSkin CreateCorpse KillUnit RemoveUnit ShowUnit IsUnitHidden SetUnitState
    GetUnitState BlzGetUnitMaxHP BlzSetUnitMaxHP BlzGetUnitMaxMana BlzSetUnitMaxMana SetUnitX
    SetUnitY SetUnitPosition SetUnitPositionLoc GetUnitX GetUnitY GetUnitLoc SetUnitFacing
    SetUnitFacingTimed BlzSetUnitFacingEx GetUnitFacing SetUnitMoveSpeed GetUnitMoveSpeed
    GetUnitDefaultMoveSpeed SetUnitFlyHeight SetUnitTurnSpeed SetUnitPropWindow SetUnitAcquireRange
    SetUnitCreepGuard SetUnitRescueRange UnitSetUsesAltIcon SetUnitScale SetUnitTimeScale
    SetUnitBlendTime SetUnitVertexColor SetUnitAnimationByIndex AddUnitAnimationProperties
    SetUnitLookAt SetUnitExploded ResetUnitLookAt SetUnitAnimation SetUnitAnimationWithRarity
    QueueUnitAnimation SetUnitColor SetUnitOwner GetOwningPlayer GetUnitTypeId GetUnitRace
    GetUnitName BlzSetUnitName GetUnitUserData SetUnitUserData SetUnitInvulnerable
    BlzIsUnitInvulnerable PauseUnit IsUnitPaused SetUnitPathing BlzGetUnitCollisionSize
    GetUnitFoodUsed GetUnitFoodMade GetFoodMade GetFoodUsed SetUnitUseFood UnitAddAbility
    UnitRemoveAbility UnitMakeAbilityPermanent GetUnitAbilityLevel SetUnitAbilityLevel
    IncUnitAbilityLevel DecUnitAbilityLevel IsUnitType IsUnitIdType UnitAddType UnitRemoveType
    IsUnitRace IsUnit IsUnitOwnedByPlayer IsUnitAlly IsUnitEnemy IsUnitInForce IsUnitIllusion
    IsUnitInTransport IsUnitLoaded IsUnitInRange IsUnitInRangeXY IsUnitInRangeLoc ClearSelection
    SelectUnit IsUnitSelected UnitSuspendDecay UnitApplyTimedLife UnitPauseTimedLife UnitAddSleep
    UnitCanSleep UnitAddSleepPerm UnitCanSleepPerm UnitIsSleeping UnitWakeUp UnitRemoveBuffs
    UnitRemoveBuffsEx UnitHasBuffsEx UnitCountBuffsEx UnitResetCooldown UnitIgnoreAlarm
    UnitIgnoreAlarmToggled UnitShareVision SetUnitRescuable SetResourceAmount AddResourceAmount
    GetResourceAmount WaygateGetDestinationX WaygateGetDestinationY WaygateSetDestination
    WaygateActivate WaygateIsActive AddItemToAllStock AddItemToStock AddUnitToAllStock
    AddUnitToStock RemoveItemFromAllStock RemoveItemFromStock RemoveUnitFromAllStock
    RemoveUnitFromStock SetAllItemTypeSlots SetAllUnitTypeSlots SetItemTypeSlots SetUnitTypeSlots
    GetPlayerUnitCount GetPlayerTypedUnitCount GetPlayerStructureCount GetPlayerTechCount UnitId
    UnitId2String GetObjectName GetUnitLevel GetUnitPointValue GetUnitPointValueByType
    GetUnitAcquireRange GetUnitDefaultAcquireRange GetUnitTurnSpeed GetUnitDefaultTurnSpeed
    GetUnitPropWindow GetUnitDefaultPropWindow GetUnitFlyHeight GetUnitDefaultFlyHeight
    UnitDamageTarget UnitDamagePoint BlzGetPlayerTownHallCount CreateUnitByName
    CreateUnitAtLocByName SetPlayerUnitsOwner BlzPauseUnitEx BlzUnitCancelTimedLife
    BlzIsUnitSelectable BlzGetUnitZ BlzGetLocalUnitZ
    """,
    "orders": """
    OrderId OrderId2String GetUnitCurrentOrder IssueImmediateOrder IssueImmediateOrderById
    IssuePointOrder IssuePointOrderLoc IssuePointOrderById IssuePointOrderByIdLoc IssueTargetOrder
    IssueTargetOrderById IssueInstantPointOrder IssueInstantPointOrderById IssueInstantTargetOrder
    IssueInstantTargetOrderById IssueBuildOrderById IssueNeutralImmediateOrderById
    IssueNeutralPointOrderById IssueNeutralTargetOrderById BlzQueueImmediateOrderById
    BlzQueuePointOrderById BlzQueueTargetOrderById BlzQueueInstantPointOrderById
    BlzQueueInstantTargetOrderById BlzQueueBuildOrderById BlzQueueNeutralImmediateOrderById
    BlzQueueNeutralPointOrderById BlzQueueNeutralTargetOrderById BlzUnitClearOrders
    BlzUnitForceStopOrder BlzGetUnitOrderCount
    """,
    "production": """
    IssueBuildOrder IssueNeutralImmediateOrder IssueNeutralPointOrder IssueNeutralTargetOrder
    UnitSetConstructionProgress UnitSetUpgradeProgress GetUnitRallyPoint GetUnitRallyUnit
    GetUnitRallyDestructable BlzDecPlayerTechResearched GetPlayerScore
    """,
    "groups": """
    CreateGroup DestroyGroup GroupAddUnit GroupRemoveUnit BlzGroupAddGroupFast
    BlzGroupRemoveGroupFast GroupClear BlzGroupGetSize BlzGroupUnitAt FirstOfGroup IsUnitInGroup
    ForGroup GroupEnumUnitsOfPlayer GroupEnumUnitsOfType GroupEnumUnitsOfTypeCounted
    GroupEnumUnitsInRect GroupEnumUnitsInRectCounted GroupEnumUnitsInRange
    GroupEnumUnitsInRangeCounted GroupEnumUnitsInRangeOfLoc GroupEnumUnitsInRangeOfLocCounted
    GroupEnumUnitsSelected GroupImmediateOrder GroupImmediateOrderById GroupPointOrder
    GroupPointOrderLoc GroupPointOrderById GroupPointOrderByIdLoc GroupTargetOrder
    GroupTargetOrderById
    """,
    "geometry": """
    Rect RectFromLoc RemoveRect SetRect SetRectFromLoc MoveRectTo MoveRectToLoc GetRectCenterX
    GetRectCenterY GetRectMinX GetRectMinY GetRectMaxX GetRectMaxY GetWorldBounds CreateRegion
    RemoveRegion RegionAddRect RegionClearRect RegionAddCell RegionAddCellAtLoc RegionClearCell
    RegionClearCellAtLoc IsUnitInRegion IsPointInRegion IsLocationInRegion Location RemoveLocation
    MoveLocation GetLocationX GetLocationY GetLocationZ GetTerrainType GetTerrainVariance
    GetTerrainCliffLevel SetTerrainType IsTerrainPathable SetTerrainPathable
    """,
    "blight": """
    SetBlight SetBlightRect SetBlightPoint SetBlightLoc IsPointBlighted CreateBlightedGoldmine
    """,
    "hashtables": """
    InitHashtable SaveInteger SaveReal SaveBoolean SaveStr LoadInteger LoadReal LoadBoolean LoadStr
    HaveSavedInteger RemoveSavedInteger HaveSavedReal RemoveSavedReal HaveSavedBoolean
    RemoveSavedBoolean HaveSavedString RemoveSavedString HaveSavedHandle RemoveSavedHandle
    FlushParentHashtable FlushChildHashtable SavePlayerHandle LoadPlayerHandle SaveWidgetHandle
    LoadWidgetHandle SaveDestructableHandle LoadDestructableHandle SaveItemHandle LoadItemHandle
    SaveUnitHandle LoadUnitHandle SaveAbilityHandle LoadAbilityHandle SaveTimerHandle
    LoadTimerHandle SaveTriggerHandle LoadTriggerHandle SaveTriggerConditionHandle
    LoadTriggerConditionHandle SaveTriggerActionHandle LoadTriggerActionHandle
    SaveTriggerEventHandle LoadTriggerEventHandle SaveForceHandle LoadForceHandle SaveGroupHandle
    LoadGroupHandle SaveLocationHandle LoadLocationHandle SaveRectHandle LoadRectHandle
    SaveBooleanExprHandle LoadBooleanExprHandle SaveSoundHandle LoadSoundHandle SaveEffectHandle
    LoadEffectHandle SaveUnitPoolHandle LoadUnitPoolHandle SaveItemPoolHandle LoadItemPoolHandle
    SaveQuestHandle LoadQuestHandle SaveQuestItemHandle LoadQuestItemHandle
    SaveDefeatConditionHandle LoadDefeatConditionHandle SaveTimerDialogHandle LoadTimerDialogHandle
    SaveLeaderboardHandle LoadLeaderboardHandle SaveMultiboardHandle LoadMultiboardHandle
    SaveMultiboardItemHandle LoadMultiboardItemHandle SaveTrackableHandle LoadTrackableHandle
    SaveDialogHandle LoadDialogHandle SaveButtonHandle LoadButtonHandle SaveTextTagHandle
    LoadTextTagHandle SaveLightningHandle LoadLightningHandle SaveImageHandle LoadImageHandle
    SaveUbersplatHandle LoadUbersplatHandle SaveRegionHandle LoadRegionHandle SaveFogStateHandle
    LoadFogStateHandle SaveFogModifierHandle LoadFogModifierHandle SaveAgentHandle
    SaveHashtableHandle LoadHashtableHandle SaveFrameHandle LoadFrameHandle
    """,
    "gamecache": """
    InitGameCache SaveGameCache ReloadGameCachesFromDisk StoreInteger StoreReal StoreBoolean
    StoreString GetStoredInteger GetStoredReal GetStoredBoolean GetStoredString HaveStoredInteger
    FlushStoredInteger SyncStoredInteger HaveStoredReal FlushStoredReal SyncStoredReal
    HaveStoredBoolean FlushStoredBoolean SyncStoredBoolean HaveStoredUnit FlushStoredUnit
    SyncStoredUnit HaveStoredString FlushStoredString SyncStoredString FlushGameCache
    FlushStoredMission StoreUnit RestoreUnit
    """,
    "core": """
    Deg2Rad Rad2Deg Sin Cos Tan Asin Acos Atan Atan2 SquareRoot Pow MathRound I2R R2I I2S R2S R2SW
    S2I S2R SubString StringLength StringCase StringHash GetLocalizedString GetLocalizedHotkey
    GetRandomInt GetRandomReal SetRandomSeed SetFloatGameState GetFloatGameState SetIntegerGameState
    GetIntegerGameState Cheat IsNoVictoryCheat IsNoDefeatCheat
    """,
    "boolexpr": """
    Condition Filter And Or Not DestroyBoolExpr DestroyCondition DestroyFilter
    """,
    "triggers": """
    CreateTrigger DestroyTrigger ResetTrigger EnableTrigger DisableTrigger IsTriggerEnabled
    TriggerWaitOnSleeps IsTriggerWaitOnSleeps GetTriggerEvalCount GetTriggerExecCount
    TriggerAddCondition TriggerRemoveCondition TriggerClearConditions TriggerAddAction
    TriggerRemoveAction TriggerClearActions TriggerSleepAction TriggerEvaluate TriggerExecute
    TriggerExecuteWait ExecuteFunc TriggerSyncStart TriggerSyncReady
    """,
    "timers": """
    CreateTimer DestroyTimer TimerStart TimerGetElapsed TimerGetRemaining TimerGetTimeout PauseTimer
    ResumeTimer PauseGame TriggerRegisterTimerEvent TriggerRegisterTimerExpireEvent
    """,
    "events": """
    TriggerRegisterPlayerUnitEvent TriggerRegisterUnitEvent TriggerRegisterFilterUnitEvent
    TriggerRegisterDeathEvent TriggerRegisterPlayerEvent TriggerRegisterPlayerChatEvent
    TriggerRegisterPlayerStateEvent TriggerRegisterPlayerAllianceChange
    TriggerRegisterUnitStateEvent TriggerRegisterGameStateEvent TriggerRegisterVariableEvent
    TriggerRegisterGameEvent TriggerRegisterEnterRegion TriggerRegisterLeaveRegion
    TriggerRegisterUnitInRange TriggerRegisterCommandEvent TriggerRegisterUpgradeCommandEvent
    TriggerRegisterDialogEvent TriggerRegisterDialogButtonEvent GetTriggeringTrigger
    GetTriggerEventId GetEnumUnit GetFilterUnit GetEnumPlayer GetFilterPlayer GetEnumItem
    GetFilterItem GetEnumDestructable GetFilterDestructable GetExpiredTimer GetTriggerUnit
    GetTriggerPlayer GetTriggerWidget GetTriggerDestructable GetTriggeringRegion
    GetTriggeringTrackable GetEnteringUnit GetLeavingUnit GetDyingUnit GetKillingUnit
    GetDecayingUnit GetAttacker GetEventDamageSource GetLevelingUnit GetLearningUnit GetLearnedSkill
    GetLearnedSkillLevel GetChangingUnit GetChangingUnitPrevOwner GetManipulatingUnit
    GetManipulatedItem BlzGetAbsorbingItem BlzGetManipulatedItemWasAbsorbed BlzGetStackingItemSource
    BlzGetStackingItemTarget BlzGetStackingItemTargetPreviousCharges GetOrderedUnit GetIssuedOrderId
    GetOrderPointX GetOrderPointY GetOrderTarget GetSpellAbilityUnit GetSpellAbilityId
    GetSpellTargetX GetSpellTargetY GetEventUnitState GetEventTargetUnit GetRevivableUnit
    GetRevivingUnit GetRescuer GetConstructingStructure GetCancelledStructure
    GetConstructedStructure GetResearchingUnit GetResearched GetTrainedUnit GetTrainedUnitType
    GetDetectedUnit GetSummoningUnit GetSummonedUnit GetTransportUnit GetLoadedUnit GetSellingUnit
    GetSoldUnit GetBuyingUnit GetSoldItem GetEventPlayerState GetEventGameState
    GetEventDetectingPlayer GetEventPlayerChatString GetEventPlayerChatStringMatched
    GetClickedButton GetClickedDialog GetWinningPlayer GetTournamentFinishNowPlayer
    GetTournamentFinishNowRule BlzGetTriggerFrame BlzGetTriggerFrameEvent BlzGetTriggerFrameValue
    BlzGetTriggerFrameText BlzGetTriggerPlayerKey BlzGetTriggerPlayerMetaKey
    BlzGetTriggerPlayerMouseX BlzGetTriggerPlayerMouseY BlzGetTriggerPlayerMouseButton
    BlzGetTriggerSyncPrefix BlzGetTriggerSyncData DzGetTriggerKey GetOrderPointLoc
    GetOrderTargetUnit GetOrderTargetItem GetOrderTargetDestructable GetSpellTargetUnit
    GetSpellTargetItem GetSpellTargetDestructable GetSpellTargetLoc GetSaveBasicFilename
    """,
    "text": """
    DisplayTextToPlayer DisplayTimedTextToPlayer DisplayTimedTextFromPlayer ClearTextMessages
    """,
    "dialogs": """
    DialogCreate DialogDestroy DialogClear DialogSetMessage DialogAddButton DialogAddQuitButton
    DialogDisplay
    """,
    "quests": """
    CreateQuest DestroyQuest QuestSetTitle QuestSetDescription QuestSetIconPath QuestSetRequired
    QuestSetCompleted QuestSetDiscovered QuestSetFailed QuestSetEnabled IsQuestRequired
    IsQuestCompleted IsQuestDiscovered IsQuestFailed IsQuestEnabled QuestCreateItem
    QuestItemSetDescription QuestItemSetCompleted IsQuestItemCompleted CreateDefeatCondition
    DestroyDefeatCondition DefeatConditionSetDescription FlashQuestDialogButton
    ForceQuestDialogUpdate
    """,
    "mission": """
    RemovePlayer EndGame ChangeLevel RestartGame DisplayLoadDialog DisableRestartMission
    SetGameDifficulty GetGameDifficulty GetDefaultDifficulty SetDefaultDifficulty SetTutorialCleared
    SetMissionAvailable SetCampaignAvailable SetOpCinematicAvailable SetEdCinematicAvailable
    SetCustomCampaignButtonVisible GetCustomCampaignButtonVisible SetCampaignMenuRace
    SetCampaignMenuRaceEx ForceCampaignSelectScreen SaveGame SaveGameCheckpoint LoadGame
    SaveGameExists CopySaveGame RemoveSaveDirectory RenameSaveDirectory
    GetTournamentFinishSoonTimeRemaining GetTournamentScore SetMaxCheckpointSaves ReloadGame
    """,
    "daynight": """
    SetTimeOfDayScale GetTimeOfDayScale SuspendTimeOfDay
    """,
    "sound": """
    NewSoundEnvironment CreateSound CreateSoundFilenameWithLabel CreateSoundFromLabel
    CreateMIDISound SetSoundParamsFromLabel SetSoundDistanceCutoff SetSoundChannel SetSoundVolume
    SetSoundPitch SetSoundDistances SetSoundConeAngles SetSoundConeOrientation SetSoundVelocity
    SetSoundPosition AttachSoundToUnit SetSoundDuration GetSoundDuration GetSoundFileDuration
    RegisterStackedSound UnregisterStackedSound StartSound SetSoundPlayPosition StopSound
    KillSoundWhenDone GetSoundIsPlaying GetSoundIsLoading TriggerWaitForSound SetMapMusic
    ClearMapMusic PlayMusic PlayMusicEx StopMusic ResumeMusic PlayThematicMusic PlayThematicMusicEx
    EndThematicMusic SetMusicVolume SetThematicMusicVolume SetMusicPlayPosition
    SetThematicMusicPlayPosition VolumeGroupSetVolume VolumeGroupReset SetDialogueSpeakerNameKey
    GetDialogueSpeakerNameKey SetDialogueTextKey GetDialogueTextKey
    """,
    "cinematics": """
    SetCinematicScene EndCinematicScene ForceCinematicSubtitles ShowInterface EnableUserControl
    EnableUserUI EnableOcclusion DoNotSaveReplay SetCinematicAudio SetCineFilterTexture
    SetCineFilterBlendMode SetCineFilterTexMapFlags SetCineFilterStartUV SetCineFilterEndUV
    SetCineFilterStartColor SetCineFilterEndColor SetCineFilterDuration DisplayCineFilter
    IsCineFilterDisplayed SetIntroShotText SetIntroShotModel PlayModelCinematic PlayCinematic
    """,
    "camera": """
    SetCameraPosition SetCameraQuickPosition PanCameraTo PanCameraToTimed PanCameraToWithZ
    PanCameraToTimedWithZ StopCamera ResetToGameCamera SetCinematicCamera SetCameraRotateMode
    SetCameraField AdjustCameraField SetCameraTargetController SetCameraOrientController
    SetCameraBounds CameraSetTargetNoise CameraSetSourceNoise CameraSetTargetNoiseEx
    CameraSetSourceNoiseEx CameraSetSmoothingFactor CreateCameraSetup CameraSetupSetField
    CameraSetupGetField CameraSetupSetDestPosition CameraSetupGetDestPositionLoc
    CameraSetupGetDestPositionX CameraSetupGetDestPositionY CameraSetupApply CameraSetupApplyWithZ
    CameraSetupApplyForceDuration CameraSetupApplyForceDurationWithZ
    BlzCameraSetupApplyForceDurationSmooth GetCameraMargin GetCameraBoundMinX GetCameraBoundMinY
    GetCameraBoundMaxX GetCameraBoundMaxY GetCameraField GetCameraTargetPositionX
    GetCameraTargetPositionY GetCameraTargetPositionZ GetCameraTargetPositionLoc
    GetCameraEyePositionX GetCameraEyePositionY GetCameraEyePositionZ GetCameraEyePositionLoc
    """,
    "fog": """
    FogEnable IsFogEnabled FogMaskEnable IsFogMaskEnabled EnableWorldFogBoundary SetFogStateRect
    SetFogStateRadius SetFogStateRadiusLoc CreateFogModifierRect CreateFogModifierRadius
    CreateFogModifierRadiusLoc DestroyFogModifier FogModifierStart FogModifierStop IsVisibleToPlayer
    IsLocationVisibleToPlayer IsFoggedToPlayer IsMaskedToPlayer IsLocationFoggedToPlayer
    IsLocationMaskedToPlayer IsUnitVisible IsUnitFogged IsUnitMasked IsUnitInvisible IsUnitDetected
    SetTerrainFog SetTerrainFogEx ResetTerrainFog SetUnitFog
    """,
    "effects": """
    AddSpecialEffect AddSpecialEffectLoc AddSpecialEffectTarget AddSpellEffect AddSpellEffectLoc
    AddSpellEffectById AddSpellEffectByIdLoc AddSpellEffectTarget AddSpellEffectTargetById
    DestroyEffect BlzSetSpecialEffectColor BlzSetSpecialEffectAlpha BlzSetSpecialEffectScale
    BlzSetSpecialEffectHeight BlzSetSpecialEffectTimeScale BlzSetSpecialEffectTime
    BlzSetSpecialEffectOrientation BlzSetSpecialEffectYaw BlzSetSpecialEffectPitch
    BlzSetSpecialEffectRoll BlzSetSpecialEffectColorByPlayer BlzSetSpecialEffectPosition
    BlzSetSpecialEffectX BlzSetSpecialEffectY BlzSetSpecialEffectZ BlzSetSpecialEffectPositionLoc
    BlzGetLocalSpecialEffectX BlzGetLocalSpecialEffectY BlzGetLocalSpecialEffectZ
    BlzSpecialEffectClearSubAnimations BlzSpecialEffectRemoveSubAnimation
    BlzSpecialEffectAddSubAnimation BlzPlaySpecialEffect BlzPlaySpecialEffectWithTimeScale
    AddWeatherEffect RemoveWeatherEffect EnableWeatherEffect TerrainDeformCrater TerrainDeformRipple
    TerrainDeformWave TerrainDeformRandom TerrainDeformStop TerrainDeformStopAll AddLightning
    AddLightningEx DestroyLightning MoveLightning MoveLightningEx GetLightningColorA
    GetLightningColorR GetLightningColorG GetLightningColorB SetLightningColor CreateImage
    DestroyImage ShowImage SetImageConstantHeight SetImagePosition SetImageColor SetImageRender
    SetImageRenderAlways SetImageAboveWater SetImageType CreateUbersplat DestroyUbersplat
    ResetUbersplat FinishUbersplat ShowUbersplat SetUbersplatRender SetUbersplatRenderAlways
    SetSkyModel SetDayNightModels SetWaterBaseColor SetWaterDeforms SetDoodadAnimation
    SetDoodadAnimationRect
    """,
    "texttags": """
    CreateTextTag DestroyTextTag SetTextTagText SetTextTagPos SetTextTagPosUnit SetTextTagColor
    SetTextTagVelocity SetTextTagVisibility SetTextTagSuspended SetTextTagPermanent SetTextTagAge
    SetTextTagLifespan SetTextTagFadepoint
    """,
    "boards": """
    CreateLeaderboard DestroyLeaderboard LeaderboardDisplay IsLeaderboardDisplayed
    LeaderboardGetItemCount LeaderboardSetSizeByItemCount LeaderboardAddItem LeaderboardRemoveItem
    LeaderboardRemovePlayerItem LeaderboardClear LeaderboardSortItemsByValue
    LeaderboardSortItemsByPlayer LeaderboardSortItemsByLabel LeaderboardHasPlayerItem
    LeaderboardGetPlayerIndex LeaderboardSetLabel LeaderboardGetLabelText PlayerSetLeaderboard
    PlayerGetLeaderboard LeaderboardSetLabelColor LeaderboardSetValueColor LeaderboardSetStyle
    LeaderboardSetItemValue LeaderboardSetItemLabel LeaderboardSetItemStyle
    LeaderboardSetItemLabelColor LeaderboardSetItemValueColor CreateMultiboard DestroyMultiboard
    MultiboardDisplay IsMultiboardDisplayed MultiboardMinimize IsMultiboardMinimized MultiboardClear
    MultiboardSetTitleText MultiboardGetTitleText MultiboardSetTitleTextColor MultiboardGetRowCount
    MultiboardGetColumnCount MultiboardSetColumnCount MultiboardSetRowCount MultiboardSetItemsStyle
    MultiboardSetItemsValue MultiboardSetItemsValueColor MultiboardSetItemsWidth
    MultiboardSetItemsIcon MultiboardGetItem MultiboardReleaseItem MultiboardSetItemStyle
    MultiboardSetItemValue MultiboardSetItemValueColor MultiboardSetItemWidth MultiboardSetItemIcon
    MultiboardSuppressDisplay CreateTimerDialog DestroyTimerDialog TimerDialogSetTitle
    TimerDialogSetTitleColor TimerDialogSetTimeColor TimerDialogSetSpeed TimerDialogDisplay
    IsTimerDialogDisplayed TimerDialogSetRealTimeRemaining
    """,
    "preload": """
    Preload PreloadStart PreloadRefresh PreloadEnd PreloadEndEx PreloadGenClear PreloadGenStart
    PreloadGenEnd Preloader
    """,
    "ai": """
    StartMeleeAI StartCampaignAI CommandAI PauseCompAI RemoveGuardPosition RecycleGuardPosition
    RemoveAllGuardPositions GetAIDifficulty Sleep StartThread GetAiPlayer MeleeDifficulty
    CommandsWaiting GetLastCommand GetLastData PopLastCommand DebugS DebugFI DebugUnitID DisplayText
    DisplayTextI DisplayTextII DisplayTextIII SetCampaignAI SetMeleeAI SetTargetHeroes
    SetPeonsRepair SetRandomPaths SetDefendPlayer SetHeroesFlee SetHeroesBuyItems
    SetWatchMegaTargets SetIgnoreInjured SetHeroesTakeItems SetUnitsFlee SetGroupsFlee
    SetSlowChopping SetSmartArtillery SetNewHeroes SetCaptainChanges GroupTimedLife
    SetReplacementCount GetUnitCount GetUnitCountDone GetPlayerUnitTypeCount UnitAlive
    GetUnitGoldCost GetUnitWoodCost GetUnitBuildTime
    """,
    "ui": """
    EnableSelect EnableDragSelect EnablePreSelect PingMinimap PingMinimapEx UnitAddIndicator
    AddIndicator ForceUIKey ForceUICancel SetAltMinimapIcon SetAllyColorFilterState
    SetCreepCampFilterState EnableMinimapFilterButtons SetReservedLocalHeroButtons SyncSelections
    CreateTrackable CreateMinimapIconOnUnit CreateMinimapIconAtLoc CreateMinimapIcon
    DestroyMinimapIcon SetMinimapIconVisible SetMinimapIconOrphanDestroy SkinManagerGetLocalPath
    CreateCommandButtonEffect CreateUpgradeCommandButtonEffect CreateLearnCommandButtonEffect
    DestroyCommandButtonEffect
    """,
    "mapsetup": """
    SetMapName SetMapDescription SetGameTypeSupported IsGameTypeSupported SetGamePlacement
    SetResourceDensity SetCreatureDensity SetMapFlag IsMapFlagSet SetGameSpeed GetGameSpeed
    VersionGet GetGameTypeSelected GetGamePlacement GetResourceDensity GetCreatureDensity
    """,
    "objectfields": """
    BlzGetUnitAbility BlzGetItemAbility BlzGetAbilityId GetSpellAbility BlzSetAbilityBooleanField
    BlzSetAbilityBooleanLevelField BlzSetAbilityBooleanLevelArrayField
    BlzAddAbilityBooleanLevelArrayField BlzRemoveAbilityBooleanLevelArrayField
    BlzSetAbilityIntegerField BlzSetAbilityIntegerLevelField BlzSetAbilityIntegerLevelArrayField
    BlzAddAbilityIntegerLevelArrayField BlzRemoveAbilityIntegerLevelArrayField
    BlzSetAbilityRealField BlzSetAbilityRealLevelField BlzSetAbilityRealLevelArrayField
    BlzAddAbilityRealLevelArrayField BlzRemoveAbilityRealLevelArrayField BlzSetAbilityStringField
    BlzSetAbilityStringLevelField BlzSetAbilityStringLevelArrayField
    BlzAddAbilityStringLevelArrayField BlzRemoveAbilityStringLevelArrayField BlzSetUnitBooleanField
    BlzSetUnitWeaponBooleanField BlzSetItemBooleanField BlzSetUnitIntegerField
    BlzSetUnitWeaponIntegerField BlzSetItemIntegerField BlzSetUnitRealField
    BlzSetUnitWeaponRealField BlzSetItemRealField BlzSetUnitStringField BlzSetUnitWeaponStringField
    BlzSetItemStringField BlzGetUnitBooleanField BlzGetUnitWeaponBooleanField BlzGetItemBooleanField
    BlzGetAbilityBooleanField BlzGetAbilityBooleanLevelArrayField BlzGetUnitIntegerField
    BlzGetUnitWeaponIntegerField BlzGetItemIntegerField BlzGetAbilityIntegerField
    BlzGetAbilityIntegerLevelArrayField BlzGetAbilityIntegerLevelField BlzGetUnitRealField
    BlzGetUnitWeaponRealField BlzGetItemRealField BlzGetAbilityRealField
    BlzGetAbilityRealLevelArrayField BlzGetAbilityRealLevelField BlzGetUnitStringField
    BlzGetUnitWeaponStringField BlzGetItemStringField BlzGetAbilityStringField
    BlzGetAbilityStringLevelArrayField BlzGetAbilityStringLevelField BlzGetAbilityBooleanLevelField
    BlzItemAddAbility BlzItemRemoveAbility GetAbilityEffectById GetAbilitySoundById
    """,
    "dzapi": """
    DzAPI_Map_SaveServerValue DzAPI_Map_GetServerValue DzAPI_Map_GetServerValueErrorCode
    DzAPI_Map_IsRedVIP DzAPI_Map_Ladder_SetStat DzAPI_Map_Ladder_SetPlayerStat
    DzTriggerRegisterKeyEvent DzTriggerRegisterMouseEvent DzTriggerRegisterMouseWheelEvent
    DzTriggerRegisterMouseMoveEvent DzTriggerRegisterWindowResizeEvent
    """,
    "frames": """
    BlzGetOriginFrame BlzEnableUIAutoPosition BlzHideOriginFrames BlzLoadTOCFile BlzCreateFrame
    BlzCreateSimpleFrame BlzCreateFrameByType BlzDestroyFrame BlzGetFrameByName BlzFrameGetName
    BlzFrameSetPoint BlzFrameSetAbsPoint BlzFrameClearAllPoints BlzFrameSetAllPoints BlzFrameSetSize
    BlzFrameGetWidth BlzFrameGetHeight BlzFrameIsVisible BlzFrameSetEnable BlzFrameGetEnable
    BlzFrameGetAlpha BlzFrameSetLevel BlzFrameSetParent BlzFrameGetParent BlzFrameGetChildrenCount
    BlzFrameGetChild BlzFrameSetText BlzFrameGetText BlzFrameAddText BlzFrameGetTextSizeLimit
    BlzFrameSetFont BlzFrameSetTextAlignment BlzFrameSetFocus BlzFrameGetValue
    BlzFrameSetMinMaxValue BlzFrameSetTexture BlzFrameSetModel BlzFrameSetSpriteAnimate
    BlzFrameSetTooltip BlzFrameCageMouse BlzFrameClick BlzFrameSetVisible BlzFrameSetAlpha
    BlzFrameSetScale BlzFrameSetTextSizeLimit BlzFrameSetTextColor BlzFrameSetValue
    BlzFrameSetStepSize BlzFrameSetVertexColor BlzTriggerRegisterFrameEvent
    """,
    "input": """
    BlzTriggerRegisterPlayerKeyEvent BlzGetTriggerPlayerIsKeyDown BlzGetTriggerPlayerMousePosition
    BlzGetMouseFocusUnit BlzSetMousePos BlzEnableCursor BlzSendSyncData
    BlzTriggerRegisterPlayerSyncEvent TriggerRegisterTrackableHitEvent
    TriggerRegisterTrackableTrackEvent BlzGetLocalClientWidth BlzGetLocalClientHeight
    BlzIsLocalClientActive BlzGetLocale
    """,
    "display": """
    BlzShowSkyBox BlzShowTerrain BlzChangeMinimapTerrainTex BlzShowUnitTeamGlow
    BlzHideCinematicPanels BlzEnableSelections BlzIsSelectionEnabled BlzIsSelectionCircleEnabled
    BlzEnableTargetIndicator BlzIsTargetIndicatorEnabled GetAllyColorFilterState
    GetCreepCampFilterState BlzDisplayChatMessage SetPortraitLight BlzStartRecording BlzEndRecording
    DialogSetAsync BlzCameraSetupSetLabel BlzCameraSetupGetLabel CameraSetDepthOfFieldScale
    CameraSetFocalDistance BlzGetSpecialEffectScale BlzSetSpecialEffectMatrixScale
    BlzResetSpecialEffectMatrix BlzGetAnimName StartSoundEx SetSoundFacialAnimationLabel
    SetSoundFacialAnimationGroupLabel SetSoundFacialAnimationSetFilepath
    """,
    "combat": """
    GetEventDamage BlzSetEventDamage BlzGetEventDamageTarget BlzGetEventAttackType
    BlzSetEventAttackType BlzGetEventDamageType BlzSetEventDamageType BlzGetEventWeaponType
    BlzSetEventWeaponType BlzGetEventIsAttack BlzGetUnitBaseDamage BlzSetUnitBaseDamage
    BlzGetUnitDiceNumber BlzSetUnitDiceNumber BlzGetUnitDiceSides BlzSetUnitDiceSides
    BlzGetUnitAttackCooldown BlzSetUnitAttackCooldown BlzGetUnitArmor BlzSetUnitArmor
    BlzUnitInterruptAttack
    """,
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

WAITING = frozenset({"TriggerSleepAction", "TriggerExecuteWait", "TriggerSyncReady", "TriggerWaitForSound",
                     "Sleep"})
"""The natives marked ``may_wait`` (they suspend the calling thread): their stand-ins carry the
mark, which ``jassvm.fastpath`` reads before the module is imported."""

NATIVE_MODULE: dict[str, str] = {name: f"natives.{module}" for module, names in _TABLE.items()
                                 for name in names.split()}
"""{common.j name: the module registering it}, for every native."""

NATIVE_MODULES = tuple(_TABLE)
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
    where a native whose module is not imported yet is a stand-in that imports it on its first
    call and then calls the native (same arguments, result and errors). Imports nothing."""
    bound = {name: spec.func for name, spec in NATIVES.items()}
    for name, module in NATIVE_MODULE.items():
        if name not in bound:
            bound[name] = _stand_in(name, module)
    return bound


def resolve(functions) -> None:
    """Bind the stand-ins among ``functions`` (a program's ``CompiledFunction``s and
    ``NativeBinding``s) whose module is imported now to their natives, so that calls no longer
    go through the stand-in (the same function answers either way)."""
    for binding in functions:
        module = binding.is_native and getattr(binding.func, "lazy_module", None)
        if module and module in sys.modules and binding.name in NATIVES:
            binding.func = NATIVES[binding.name].func


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
    if name in WAITING:
        call.may_wait = True
    return call
