# wolfjudge 消息目录（简体中文）。
# 每条消息的英文版在 locales/en/wolfjudge.ftl，两边的消息 id 必须完全一致（有测试检查）。
# 时间由程序格式化为 "2026-12-02 20:00 UTC"；票数是普通数字（1.5 表示一票半）。

## 通用

list-sep = {"、"}
list-none = 无
nobody = （无）
by-bot = 法官（自动）
sentence = { $what }。
with-reason = { $what }，理由：{ $reason }
dur-h = { $n } 小时
dur-m = { $n } 分钟
dur-s = { $n } 秒

## 身份、阶段、阵营、牌

role-wolf = 狼人
role-villager = 村民
role-seer = 预言家
role-witch = 女巫
role-hunter = 猎人
role-killer = 杀手
role-police = 警察
role-civilian = 平民

phase-setup = 准备阶段
phase-day = 第 { $day } 天
phase-day-round = 第 { $day } 天平票加赛第 { $round } 轮
phase-night = 第 { $night } 夜
phase-ended = 游戏结束后

winner-wolves = 狼人阵营
winner-village = 好人阵营
winner-police = 警民阵营
winner-killers = 杀手阵营
winner-draw = 平局

color-blue = 蓝牌
color-yellow = 黄牌
color-red = 红牌

## 模拟器用的标题与示例发言

heading-day = 第 { $day } 天讨论帖
heading-day-round = 第 { $day } 天平票加赛第 { $round } 轮
heading-night = 第 { $night } 夜
heading-dm = 私信：{ $name }
heading-wolves = 狼人私聊
heading-killers = 杀手私聊
heading-police = 警察私聊
heading-judge = 法官记录
heading-reveal = 揭秘
heading-public = 公告
heading-internal = 内部记录
refused = （仅 { $name } 可见）操作未被接受：{ $message }

chat-1 = 我是好人，先听听大家怎么说。
chat-2 = 昨晚死的这位很有意思，对面在想什么？
chat-3 = 楼上的发言有点划水啊，能不能具体点？
chat-4 = 我觉得今天应该先出一个发言最少的。
chat-5 = 预言家该起跳报验人了吧？
chat-6 = 这票型我看不懂，谁能解释一下？
chat-7 = 别急着站边，先把逻辑盘清楚。
chat-8 = 我暂时保留意见，晚点再来投票。
chat-9 = 有没有人注意到昨天有人改票了？
chat-10 = 好人要团结，别被对面带节奏。

## 拒绝操作时对玩家说的话（err- 后接 RuleError::code()，下划线换成连字符）

err-game-over = 游戏已经结束，不能再操作了。所有身份和过程请看揭秘。
err-unknown-character = 没有叫「{ $name }」的角色。请检查名字是否写对（可以从存活名单里复制）。
err-not-judge = 只有法官可以这样做。
err-not-a-character = 法官不扮演角色，不能进行玩家的操作。
err-actor-dead = 你（{ $name }）已经出局，不能再这样做。{ $game ->
    [mafia] 出局后只能留遗言和写树洞。
   *[other] 出局后只能留遗言、写树洞，以及做出局时的决定（开枪、移交警徽或狼头）。
}
err-wrong-phase = 现在是{ $phase }，不能做这个操作，请到相应的阶段再来：白天的操作（发言、投票）在白天，夜里的技能在夜里。
err-day-closed = 今天的投票已经截止，今天不能再发言或投票。请等下一个阶段开始。
err-night-deadline-passed = 今晚做这件事的时限已经过了，今晚不能再做。请等下一晚。
err-leader-election-over = { $has ->
    [yes] 狼头选举只在第一夜进行，已经结束：狼头是 { $leader }。狼头出局时由他移交狼头。
   *[no] 狼头选举只在第一夜进行，已经结束。
}
err-no-ability = 你（{ $name }）的身份现在不能做这件事。可用的技能和时限请看法官发给你的身份私信。
err-target-dead = { $name } 已经出局，不能作为目标。请选择一名存活的角色。
err-vote-change-limit = { $limit ->
    [0] 本局不允许改票，你的第一票就是最终的票。
   *[other] 你已经改过 { $limit } 次票，不能再改了；你当前的票仍然有效。
}
err-vote-locked = 投票在截止前 { $lock }内不能再改票（截止时间 { $closes }）。你当前的票仍然有效。
err-proxy-too-late = 代投申请最晚要在投票截止前 { $deadline }提出（截止时间 { $closes }）。这次申请太晚，没有生效；你仍可以自己投票。
err-proxy-change-too-late = 代投改票最晚要在投票截止前 { $deadline }提出（截止时间 { $closes }）。这次提出得太晚，没有生效；你原来的票仍然有效。
err-witch-self-save = 女巫不能对自己使用解药。你仍可以使用毒药，或者今晚不用药。
err-one-potion-per-night = 同一晚只能用一瓶药，你今晚已经用过药了。
err-antidote-used = 你的解药已经用过了（每局只能用一次）。你仍可以使用毒药（如果还有），或者今晚不用药。
err-poison-used = 你的毒药已经用过了（每局只能用一次）。
err-no-kill-target = 今晚没有人被刀，没有可以救的人。你可以使用毒药，或者今晚不用药。
err-wolves-not-done = 狼人还没有确定今晚的刀口。确定后法官会私信通知你，请到时再用药。
err-already-acted = 这件事你今晚已经做过了，不能重复。
err-kill-reason-length = 刀人理由必须正好 { $want } 个字，你写了 { $len } 个字。
err-kill-fixed = 今晚的刀口已经确定，不能再提交或更改。
err-not-leader = { $has ->
    [yes] 只有狼头（{ $leader }）可以选定刀口。你可以提交你的目标，由狼头选择。
   *[no] 狼头还没有选出，现在不能选定刀口。请先提交你的目标。
}
err-leader-not-chosen = 狼头还没有选出（第一夜的狼头选举还没结束），现在没有人能选定刀口。请先提交你的目标；狼头选出后由他从提交的目标中选定。
err-not-submitted = 还没有狼人提交 { $name } 作为目标。狼头只能从已提交的目标中选择；可以先提交 { $name }。
err-target-self = 不能以自己为目标，请选择另一名角色。
err-target-not-wolf = { $name } 不是狼人。狼头选举和狼头移交只能选择存活的狼人。
err-no-decision-pending = { $game ->
    [mafia] 你现在没有需要做的决定：本局出局的角色只能留遗言和写树洞。
   *[other] 你没有这项决定要做：开枪、移交警徽和移交狼头分别只属于出局时的猎人、警长和狼头。
}
err-decision-made = 这项决定你已经做过了，不能更改。
err-decision-lapsed = 这项决定的时限已经过了，已按规则处理（开枪视为放弃；警徽或狼头已随机移交）。
err-shoot-first = 你既是猎人又是警长：请先开枪，再移交警徽。
err-already-requested = 你已经申请过加速了，不需要重复申请；人数过半时游戏会自动加速。
err-already-sped-up = 游戏已经加速了，不需要再申请。
err-speedup-unavailable = 本局规则不允许加速。
err-last-words-not-granted = 你没有遗言权：本局只有最先出局的 { $quota } 名角色（红牌罚下和被法官移出的不算）可以留遗言。
err-last-words-too-late = 遗言已过提交时限：遗言必须在要公布它的那一天开帖之前提交。
err-last-words-given = 你已经提交过遗言了，遗言不能修改。
err-not-tied = { $name } 不在平票名单中。本轮加赛只能投给：{ $candidates }。
err-not-a-voter = 你是平票的角色之一，这一轮加赛由其他角色投票，你不参加投票。
err-concede-not-allowed = 只有己方只剩最后一名成员时才能认输。
err-first-kill-forbidden = { $name } 是本届比赛上一局第一晚被杀的人，按规定连续两局的第一晚不能杀同一个人。请今晚另选目标；从第二晚起可以再选 { $name }。
err-invalid-winner = 本局不可能由「{ $winner }」获胜。可选的结果：{ $options }。

## 身份私信

ev-role-told = 你的身份是【{ $role }】。
role-desc-wolf = 每晚入夜后 { $night }内私信法官报刀：一个目标，附两个字的理由。{ $leader ->
    [yes] 第一夜所有狼人还要投票选出狼头（必须投，不投会得黄牌）；狼头选出后（第一夜就开始），每晚由狼头从大家报的目标中定刀，截止时狼头还没定刀的话，{ $fallback ->
        [most] 就刀报得最多的目标（同票时取最早报的）。
       *[none] 当晚空刀。
    }
   *[no] 每晚刀报得最多的目标（同票时取最早报的）。
}
role-desc-villager = 你没有技能。白天积极发言、投票，找出狼人。
role-desc-seer = 每晚入夜后 { $night }内可以私信法官查验一名其他存活角色，得知他是好人还是狼人阵营。
role-desc-witch = 你有一瓶解药和一瓶毒药，各限用一次，同一晚只能用一瓶。持有解药时，每晚狼人确定刀口后法官会私信告诉你谁被刀，你可以救他{ $selfsave ->
    [yes] （可以自救）
    [first] （仅首夜可以自救）
   *[no] （不能自救）
}；解药用过后不再得知刀口。你也可以毒杀任意一名存活角色。截止时间：入夜后 { $witch }。
role-desc-hunter = 当你出局时（被刀、被毒或被投票出局；红牌罚下或被法官移出除外），可以在 { $window }内开枪带走一名其他存活角色。
role-desc-killer = 每晚入夜后 { $night }内，你和其他杀手各自私信法官提交一个杀人目标，按多数决定（没有提交的杀手视为跟随多数；票数相同时，取最早提交的目标）。
role-desc-police = 每晚入夜后 { $night }内，你和其他警察各自私信法官提交一个查验目标，按多数决定；查验结果是该角色的确切身份，你们都会收到。
role-desc-civilian = 你没有技能。白天积极发言、投票，找出杀手。
team-wolf = 你的狼人队友：{ $names }。你们互相知道身份，{ $chat ->
    [yes] 可以在狼人群里交流。
   *[no] 但本局没有狼群，不能私下交流：每个人只私信法官，队友报的刀和狼头选票由法官转告给你。
}
team-wolf-alone = 你是本局唯一的狼人。
team-killer = 你的杀手队友：{ $names }。
team-killer-alone = 你是本局唯一的杀手。
team-police = 你的警察队友：{ $names }。
team-police-alone = 你是本局唯一的警察。
goal-wolves = 获胜条件（屠边）：存活狼人达到存活人数的一半，或神职（预言家、女巫、猎人）全部出局，或村民全部出局。
goal-village = 获胜条件：所有狼人出局。
goal-killers = 获胜条件：所有警察出局（若平民全部出局则为平局）。
goal-town = 获胜条件：所有杀手出局（若平民全部出局则为平局）。

## 事件

ev-created = （内部）游戏创建：规则 { $ruleset }，{ $count } 个角色，开始于 { $start }。
ev-seed-committed = 本局随机种子的 SHA-256 哈希：{ $commitment }。游戏结束时公布种子，任何人都可以据此验证发牌和每一次随机抽取。
ev-roles-dealt-seed = 发牌（由种子随机，第 0 次抽取）：
ev-roles-dealt-fixed = 发牌（指定）：
ev-dealt-role = { $name }：{ $role }

ev-day-title = 【第 { $day } 天】
ev-day-round-title = 【第 { $day } 天 · 平票加赛第 { $round } 轮】
ev-day-deaths = 出局{ $count ->
    [1] {""}
   *[other] （按先后顺序）
}：{ $names }
ev-day-out-on-day = 第 { $day } 天出局{ $count ->
    [1] {""}
   *[other] （按先后顺序）
}：{ $names }
ev-day-nobody-out = 第 { $day } 天无人出局。
ev-day-out-at-night = 第 { $night } 夜出局{ $count ->
    [1] {""}
   *[other] （按先后顺序）
}：{ $names }
ev-day-peaceful-night = 第 { $night } 夜是平安夜，无人出局。
ev-day-sheriff = 警长：{ $name }
ev-day-no-sheriff = 目前没有警长。
ev-day-alive = 存活角色（{ $count }）：{ $names }
ev-day-last-words = 遗言：
ev-day-last-word = { $name }：{ $text }
ev-day-vote-sheriff = 今天投票选警长：得票最多者当选（平票时，先达到该票数的当选）。
ev-day-vote-out = 今天投票放逐：得票最多者出局。
ev-day-vote-out-sheriff = 今天投票放逐：得票最多者出局，警长的票算 { $weight } 票。最高票平票时，平票者中警长投的那一位出局；警长没有投给任何平票者的话，无人出局。
ev-day-vote-rules = 投票请写明目标和理由，也可以明确弃票。{ $changes ->
    [0] 本局不能改票。
   *[other] 每人可以改票 { $changes } 次，截止前 { $lock }内不能改票。
}
ev-day-candidates = 平票的角色：{ $names }。本轮只能投给他们。
ev-day-voters = 本轮投票的角色：{ $names }
ev-day-closes = 讨论和投票截止：{ $closes }

ev-posted = { $name }：{ $text }
ev-vote = { $by } 投票给 { $target }
ev-vote-change = { $by } 改票给 { $target }
ev-vote-abstain = { $by } 弃票
ev-vote-abstain-change = { $by } 改为弃票
ev-vote-proxy = （法官代投）{ $vote }
ev-vote-closed = { $phase }投票结束。得票：{ $tally }
ev-vote-closed-empty = { $phase }投票结束，没有有效票。
ev-tally-entry = { $name } { $votes } 票
ev-sheriff-elected = { $name } 当选警长。此后放逐投票中，警长的票算 { $weight } 票。
ev-sheriff-none = 没有人得票，本局暂时没有警长。
ev-nobody-out-no-votes = 没有人得票，今天无人出局。
ev-nobody-out-tie = 最高票平票，今天无人出局。

ev-out-vote = { $name } 被投票出局。
ev-out-night = { $name } 在夜里出局。
ev-out-shot = { $name } 被开枪带走，出局。
ev-out-red-card = { $name } 被红牌罚下，出局。
ev-out-judge = { $name } 被法官移出游戏。
ev-out-night-kill-judge = { $name } 在{ $phase }被刀，出局。
ev-out-night-kill-judge-mafia = { $name } 在{ $phase }被杀手杀死，出局。
ev-out-poison-judge = { $name } 在{ $phase }被女巫毒杀，出局。

ev-last-words-granted = 你出局了，可以留一段遗言，将在第 { $day } 天开帖时公布。请在第 { $day } 天开帖之前用 /遗言 提交，逾期视为放弃（遗言名额不会转给别人）。你可以继续看帖旁观，但请不要再在讨论帖里发言。
ev-last-words-given = 已收到你的遗言，将在第 { $day } 天开帖时公布：{ $text }
ev-last-words-given-later = 已收到你的遗言，将在下一天开帖时公布：{ $text }
ev-decide-shoot = 你出局了。作为猎人，你可以在 { $until } 之前开枪带走一名其他存活角色；也可以不开枪，到时视为放弃。
ev-decide-badge = 你出局了。作为警长，请在 { $until } 之前把警徽移交给一名存活角色。{ $card ->
    [yes] 超时未移交的话，警徽会随机移交，你还会收到一张黄牌。
   *[no] 超时未移交的话，警徽会随机移交。
}
ev-decide-leader = 你出局了。作为狼头，请在 { $until } 之前指定一名存活的狼人接任狼头。{ $card ->
    [yes] 超时未指定的话，将随机选一名存活狼人接任，你还会收到一张黄牌。
   *[no] 超时未指定的话，将随机选一名存活狼人接任。
}
ev-shot = { $hunter } 开枪带走了 { $target }。
ev-lapsed-shoot = { $name } 没有在时限内开枪，视为放弃。
ev-lapsed-badge = { $name } 没有在时限内移交警徽。
ev-lapsed-leader = { $name } 没有在时限内移交狼头。
ev-shot-declined = { $name } 选择不开枪。
ev-badge-passed = { $from } 把警徽移交给 { $to }，{ $to } 成为新警长。
ev-badge-drawn = 警徽由随机抽取（第 { $draw } 次种子抽取）移交给 { $to }，{ $to } 成为新警长。
ev-badge-given = { $to } 成为警长。
ev-leader-passed = { $from } 把狼头移交给 { $to }，{ $to } 成为新狼头。
ev-leader-drawn = 狼头由随机抽取（第 { $draw } 次种子抽取）产生：{ $to } 成为新狼头。
ev-leader-given = { $to } 成为狼头。

ev-night-opened-werewolf = 【第 { $night } 夜】入夜。狼人和预言家请在 { $wolves } 之前私信法官行动，女巫在 { $witch } 之前。
ev-night-opened-mafia = 【第 { $night } 夜】入夜。杀手和警察请在 { $wolves } 之前私信法官行动。
# The night's prompt, by DM to each character with a night action (the menus come with it).
prompt-night-wolf = 【第 { $night } 夜】请在 { $until } 之前报刀：选一个目标，附两个字的理由。
prompt-night-wolf-elect = 今晚是第一夜，还要在同一时限前投票选出狼头（可以投自己）{ $card ->
    [yes] ，截止时没投票的狼人会得黄牌
   *[no] {""}
}。狼头一选出，今晚就由狼头从大家报的目标中定刀。
prompt-night-wolf-leader = 你是狼头：请在 { $until } 之前从大家报的目标中定刀（队友报刀后会另发定刀菜单给你）；到时没有定刀，{ $fallback ->
    [most] 就刀报得最多的目标（同票取最早报的）。
   *[none] 今晚空刀。
}
prompt-night-wolf-member = 狼头 { $leader } 会从大家报的目标中定刀。
prompt-night-wolf-majority = 今晚按报得最多的目标定刀（同票取最早报的）。
prompt-night-seer = 【第 { $night } 夜】你可以在 { $until } 之前查验一名其他存活角色，得知他是好人还是狼人阵营；到时没有查验视为放弃。
prompt-night-killer = 【第 { $night } 夜】请在 { $until } 之前提交今晚要杀的目标，并附一句理由。杀手们按多数决定（同票取最早提交的目标）。
prompt-night-police = 【第 { $night } 夜】请在 { $until } 之前提交今晚要查验的角色。警察们按多数决定，你们都会得知这名角色的确切身份。
prompt-out-no-last-words = 你出局了。本局的遗言名额（{ $quota } 个）已经用完，所以你没有遗言。你可以继续看帖旁观，但请不要再在讨论帖里发言；游戏结束前还可以用 /树洞 写下想说的话，终局时公开。
ev-leader-voted = { $by } 投票选 { $target } 当狼头。
ev-leader-elected = { $name } 当选狼头，此后每晚由他从大家报的目标中定刀。
ev-leader-elected-drawn = 没有有效的狼头选票，狼头由随机抽取（第 { $draw } 次种子抽取）产生：{ $name }。
ev-kill-submitted = { $by } 报刀 { $target }
ev-kill-submitted-mafia = { $by } 提交杀人目标：{ $target }
ev-kill-picked = 狼头 { $leader } 定刀：今晚刀 { $target }。
ev-kill-fallback = 狼头没有在截止前定刀。{ $tie ->
    [yes] 报刀同票，取最早报的目标：今晚刀 { $target }。
   *[no] 按报得最多的目标，今晚刀 { $target }。
}
ev-kill-majority = { $tie ->
    [yes] 报刀同票，取最早报的目标：今晚刀 { $target }。
   *[no] 按报得最多的目标，今晚刀 { $target }。
}
ev-kill-majority-mafia = { $tie ->
    [yes] 杀人目标票数相同，取最早提交的：今晚杀 { $target }。
   *[no] 按多数决定，今晚杀 { $target }。
}
ev-kill-none = 今晚空刀。
ev-kill-none-mafia = 今晚不杀人。
ev-witch-told = 今晚被刀的是 { $target }。你可以对他使用解药{ $selfsave ->
    [yes] {""}
   *[no] （女巫不能自救）
}，或者毒杀一名存活角色，或者不用药；同一晚只能用一瓶药。
ev-witch-told-no-kill = 今晚没有人被刀。你可以毒杀一名存活角色，或者不用药。
ev-witch-not-told = 狼人已经行动。你不会得知今晚的刀口（解药已经用过，或者今晚无人被刀）。你可以毒杀一名存活角色（如果毒药还在），或者不用药。
ev-witch-until = 请在 { $until } 之前决定，到时没有决定视为不用药。
ev-witch-saved = 你对 { $target } 使用了解药。解药已用完，此后你不会再得知刀口。
ev-witch-poisoned = 你对 { $target } 使用了毒药。毒药已用完。
ev-witch-passed = 你今晚没有用药。
ev-seer-village = 查验结果：{ $target } 是【好人】（金水）。
ev-seer-not-village = 查验结果：{ $target } 是【狼人阵营】（查杀）。
ev-check-submitted = { $by } 提交查验 { $target }。
ev-police-result = 查验结果（按多数选定的目标）：{ $target } 是【{ $role }】。
ev-wolves-closed = （内部）狼人、预言家、警察的行动截止。
ev-night-ended = 第 { $night } 夜结束，天亮了。

ev-card = { $name } 收到一张{ $color }：{ $reason }。
ev-card-you = 你收到一张{ $color }：{ $reason }。
card-reason-judge = { $text }（法官判罚）
card-reason-no-vote = 第 { $day } 天既没有投票也没有弃票
card-reason-few-posts = 第 { $day } 天只发言 { $posts } 次（至少需要 { $min } 次）
card-reason-lurk-streak = 截至第 { $day } 天，连续 { $days } 天每天发言少于 { $min } 次
card-reason-mandatory = 没有在时限内完成必须做的操作
card-reason-pass-badge = 没有在时限内移交警徽
card-reason-leader-vote-judge = 第一夜没有投票选狼头
card-reason-pass-leader-judge = 没有在时限内移交狼头
ev-cards-converted = { $name } 累计 { $count } 张{ $from }，升级为一张{ $to }。
ev-cards-converted-you = 你累计 { $count } 张{ $from }，升级为一张{ $to }。
ev-speedup-requested = { $name } 申请加速（已 { $count } 人，需 { $needed } 人）。
ev-sped-up = 超过半数的存活角色申请加速，游戏加速：从下一天起每天 { $length }（今天的截止时间不变）。{ $cards ->
    [yes] 从现在起，潜水和未投票不再自动发黄牌。
   *[no] {""}
}
ev-substituted = 替补：{ $player } 接手角色 { $name }（身份、技能和牌都不变）。
ev-extended = 法官把当前的截止时间延后了 { $dur }。
ev-shortened = 法官把当前的截止时间提前了 { $dur }。
ev-paused = 法官暂停了游戏：恢复之前所有截止时间都停止计时。
ev-resumed = 法官恢复了游戏；所有未到的截止时间顺延 { $dur }。
ev-tree-hole = 已记入你的树洞（游戏结束后公开）：{ $text }
ev-conceded = { $name } 代表本方认输。
ev-game-ended = 游戏结束：{ $reason }，{ $winner }获胜。
ev-game-ended-draw = 游戏结束：{ $reason }，平局。
ev-game-ended-none = 游戏结束：{ $reason }，没有胜者。
end-condition = 达成胜利条件
end-wolves-out = 狼人全部出局
end-wolves-half = 存活狼人达到存活人数的一半
end-gods-out = 神职（预言家、女巫、猎人）全部出局
end-villagers-out = 村民全部出局
end-killers-out = 杀手全部出局
end-police-out = 警察全部出局
end-civilians-out = 平民全部出局
end-red-card = 红牌判负
end-concede = 一方认输
end-tie-rounds = 两轮平票加赛后仍然平票
end-judge = 法官宣布结束

## 揭秘

ev-reveal-title = 【揭秘】
ev-reveal-roles = 身份：
ev-reveal-role = { $name }（玩家 { $player }）：{ $role }
ev-reveal-role-own = { $name }：{ $role }
ev-reveal-deeds = 过程：
ev-reveal-deed = { $phase }：{ $deed }
ev-reveal-deed-at = { $phase } { $time }：{ $deed }
ev-reveal-no-deeds = （无）
ev-reveal-tree-holes = 树洞：
ev-reveal-tree-hole = { $name }：{ $text }
ev-reveal-no-tree-holes = （无）
ev-reveal-seed = 随机种子：{ $seed }
ev-reveal-commitment = 开局公布的种子哈希：{ $commitment }
ev-reveal-verify = 验证方法：把种子按小端序写成 8 个字节，其 SHA-256 应当等于开局公布的种子哈希；第 i 次随机抽取用的是以该种子初始化的 ChaCha20 的第 i 号流。也可以用一条命令验证（对局文件可由法官用 /法官 导出 命令取得）：`wolfjudge verify game.json --commitment { $commitment }`，它会核对种子并列出由种子得出的发牌。
ev-reveal-verify-256 = 验证方法：种子是 32 个字节（上面的 64 位十六进制数），其 SHA-256 应当等于开局公布的种子哈希；第 i 次随机抽取用的是以这 32 个字节为密钥的 ChaCha20 的第 i 号流。也可以用一条命令验证（对局文件可由法官用 /法官 导出 命令取得）：`wolfjudge verify game.json --commitment { $commitment }`，它会核对种子并列出由种子得出的发牌。

deed-vote = { $by } 投票给 { $target }
deed-abstain = { $by } 弃票
deed-shoot = { $by } 开枪带走 { $target }
deed-pass-badge = { $by } 把警徽移交给 { $target }
deed-pass-leader = { $by } 把狼头移交给 { $target }
deed-leader-vote = { $by } 投票选 { $target } 当狼头
deed-kill = { $by } 报刀 { $target }
deed-kill-mafia = { $by } 提交杀人目标 { $target }
deed-pick = 狼头 { $by } 定刀 { $target }
deed-kill-fixed = 刀口定为 { $target }
deed-kill-fixed-mafia = 杀人目标定为 { $target }
deed-kill-none = 空刀
deed-kill-none-mafia = 没有杀人
deed-save = { $by } 对 { $target } 使用解药
deed-poison = { $by } 对 { $target } 使用毒药
deed-pass = { $by } 没有用药
deed-check = { $by } 查验 { $target }
deed-other = { $by }：{ $what } { $target }
deed-abstention = 弃票
deed-vote-change = { $by } 改票：{ $from } → { $to }
deed-proxy = { $what }（法官代 { $by } 投出）
deed-card = { $target } 得到一张{ $color }{ $public ->
    [yes] （公开）
   *[no] （未公开，只告知了本人）
}：{ $reason }
deed-cards-converted = { $target } 的{ $from }升级为一张{ $to }
deed-hold-fire = { $by } 选择不开枪
deed-lapsed-shoot = { $by } 没有在时限内开枪，视为放弃
deed-lapsed-badge = { $by } 没有在时限内移交警徽
deed-lapsed-leader = { $by } 没有在时限内移交狼头
deed-badge-drawn = { $by } 的警徽由随机抽取交给 { $target }
deed-leader-drawn = 狼头由随机抽取交给 { $target }
deed-leader-elected = { $target } 当选狼头

## 提醒（截止时间保存在数据库中）
reminder-vote = 提醒：{ $phase }的投票将于 { $closes } 截止。尚未投票的角色请在此之前投票（目标和理由）或明确弃票。
reminder-night = 提醒：你在{ $phase }的夜间行动将于 { $closes } 截止。请在此之前做出选择，否则视为放弃。

## 模拟器（wolfjudge simulate）：标题、角色名、法官记录、示例文本

sim-title = wolfjudge 模拟对局：规则 { $ruleset }，{ $players } 名玩家，种子 { $seed }。
sim-legend = 下面按时间顺序列出每位玩家看到的内容。方括号里是所在的地方：讨论帖和夜晚的公告所有人可见；私信只有收件人可见；狼人、杀手、警察私聊只有该阵营可见；法官记录只有法官可见（日常发言不逐条记录，每天投票结束时汇总一次）。
sim-clock = 时间按本局的时区 { $zone } 显示：开局时间是 { $start }。
sim-summary = 模拟结束：共 { $days } 天，{ $commands } 条命令，其中 { $refused } 条未被接受。
sim-winner = 结果：{ $winner }获胜。
sim-draw = 结果：平局。
sim-no-winner = 结果：没有胜者。
sim-error-ruleset = 未知的规则「{ $name }」（可用：m32、mafia）。
sim-error-players = 规则 { $ruleset } 不能容纳 { $players } 名玩家（可以容纳的人数：{ $allowed }）。
sim-error-setup = 无法开始模拟：{ $error }
sim-error-cap = 模拟在 { $commands } 条命令后仍未结束（{ $phase }），已停止。
sim-error-stalled = 模拟停住了：{ $phase }之后没有任何截止时间，游戏无法继续。

## 命令行（wolfjudge simulate、verify、standings）

cli-sim-seed-range = 种子 { $seed } 起连续 { $games } 局，最后一局的种子会超过上限 { $max }（种子 + 局数 - 1 不能大于它）。
cli-sim-game = 第 { $game } 局（共 { $games } 局），种子 { $seed }
cli-sim-summary = { $games } 局模拟的结果：
cli-sim-summary-game = 第 { $game } 局（种子 { $seed }）：{ $result }，共 { $days } 天。
cli-sim-result-winner = { $winner }获胜
cli-sim-result-draw = 平局
cli-sim-result-none = 没有胜者
cli-sim-stored = 第 { $id } 号对局（键 { $key }）已存入数据库。
cli-sim-tournament-game = 比赛「{ $tournament }」的第 { $game } 局已记录（种子 { $seed }）。
cli-cannot-read = 无法读取 { $file }：{ $error }
cli-invalid-script = 无效的游戏脚本：{ $error }
cli-verify-mismatch = 种子与开局公布的种子哈希不符：种子 { $seed } 的哈希是 { $got }，而开局公布的是 { $want }。
cli-verify-seed = 种子 { $seed }：它的 8 个小端字节的 SHA-256 是 { $hash }，与开局公布的种子哈希一致。
cli-verify-seed-256 = 256 位种子 { $seed }：它的 32 个字节的 SHA-256 是 { $hash }，与开局公布的种子哈希一致。
cli-verify-fixed = 角色是脚本里指定的，不由种子发牌：
cli-verify-deal = 这个种子发出的牌（第 0 次抽取）：
cli-verify-role = { $name }：{ $role }
cli-verify-ended = 重放到游戏结束：{ $result }。
cli-verify-replayed = 重放到{ $phase }，游戏尚未结束。
cli-chart-write = 无法把积分图写入 { $path }：{ $error }

sim-name-1 = 阿狸
sim-name-2 = 白菜
sim-name-3 = 春卷
sim-name-4 = 豆包
sim-name-5 = 饿了
sim-name-6 = 番茄
sim-name-7 = 果冻
sim-name-8 = 海苔
sim-name-9 = 酱油
sim-name-10 = 可乐
sim-name-11 = 辣条
sim-name-12 = 馒头
sim-name-13 = 奶茶
sim-name-14 = 泡芙
sim-name-15 = 青团
sim-name-16 = 肉松

# 模拟玩家的账号（论坛 ID）：马甲局里与角色名不同，揭秘时才对上号。
sim-account-1 = 夜雨声烦
sim-account-2 = 橘子汽水
sim-account-3 = 一只咸鱼
sim-account-4 = 北方有雪
sim-account-5 = 猫猫头
sim-account-6 = 云中白鹤
sim-account-7 = 不吃香菜
sim-account-8 = 小满
sim-account-9 = 老王隔壁
sim-account-10 = 月半弯
sim-account-11 = 无名氏
sim-account-12 = 早睡早起
sim-account-13 = 南瓜饼
sim-account-14 = 阿飘
sim-account-15 = 清风徐来
sim-account-16 = 路人甲

sim-judge-command = { $actor }：{ $action }
sim-judge-posts = { $phase }讨论帖共 { $count } 条发言（法官记录不逐条列出，每人的楼层见电梯）。
sim-elevator-line = { $name }（{ $count }）：{ $floors }
sim-judge-command-refused = { $actor }：{ $action }（未接受：{ $reason }）
sim-actor-judge = 法官
sim-act-post = 发帖
sim-act-vote = 投票给 { $target }，理由：{ $reason }
sim-act-abstain = 弃票
sim-act-proxy = 请法官代投给 { $target }
sim-act-speedup = 申请加速
sim-act-last-words = 提交遗言
sim-act-tree-hole = 写树洞
sim-act-leader-vote = 投票选 { $target } 当狼头
sim-act-kill = 报刀 { $target }，理由：{ $reason }
sim-act-kill-mafia = 提交杀人目标 { $target }，理由：{ $reason }
sim-act-pick = 定刀 { $target }
sim-act-save = 使用解药
sim-act-poison = 对 { $target } 使用毒药
sim-act-witch-pass = 今晚不用药
sim-act-check = 查验 { $target }
sim-act-shoot = 开枪带走 { $target }
sim-act-hold-fire = 放弃开枪
sim-act-pass-badge = 把警徽移交给 { $target }
sim-act-pass-leader = 把狼头移交给 { $target }
sim-act-concede = 认输
sim-act-card = 给 { $target } 一张{ $color }，理由：{ $reason }
sim-act-remove = 把 { $target } 移出游戏，理由：{ $reason }
sim-act-substitute = 让 { $player } 接手 { $target }
sim-act-extend = 把当前截止时间调整 { $seconds } 秒
sim-act-end = 宣布游戏结束：{ $winner }
sim-act-pause = 暂停游戏
sim-act-resume = 恢复游戏
sim-act-tick = 推进时间

sim-vote-reason-1 = 发言划水
sim-vote-reason-2 = 票型可疑
sim-vote-reason-3 = 逻辑前后矛盾
sim-vote-reason-4 = 一直在带节奏
sim-vote-reason-5 = 跟票
sim-vote-reason-6 = 感觉不对
sim-kill-reason-1 = 强势
sim-kill-reason-2 = 太精
sim-kill-reason-3 = 带队
sim-kill-reason-4 = 碍事
sim-last-words-1 = 我是好人，大家好好盘一下昨天的票型。
sim-last-words-2 = 没什么好说的，相信好人能赢。
sim-last-words-3 = 注意那个一直改票的人。
sim-last-words-4 = 我走了，剩下的交给你们了。
sim-tree-hole-1 = 我觉得今天的警长有问题。
sim-tree-hole-2 = 今天的发言好难盘，先记一笔。
sim-tree-hole-3 = 下次一定早点投票。
sim-card-reason-1 = 发言离题
sim-card-reason-2 = 催票语气过激
sim-card-reason-3 = 场外讨论本局

## 比赛（docs/rules.md §3）：积分榜及奖项。
tournament-title = 比赛「{ $name }」（{ $ruleset }）：已完成 { $played }/{ $planned } 局，法官 { $judge }
tournament-col-rank = 名次
tournament-col-player = 玩家
tournament-col-game = 第{ $n }局
tournament-col-total = 总分
tournament-col-games = 局数
tournament-col-wins = 各身份胜局
tournament-judged = 法官×{ $count }
tournament-unfinished = 尚在进行：{ $games }
tournament-awards = 奖项
tournament-award-top = 前三名
tournament-award-line = { $award }：{ $player }，以{ $roles }身份得 { $points } 分
tournament-award-none = { $award }：无人获得（该项无人得分）
tournament-top-line = 第 { $rank } 名：{ $player }，{ $points } 分
tournament-with-tie = { $line }（同分判定：{ $tie }）
tournament-tie-games = 与 { $other } 同分，参赛局数较少（{ $games } 局对 { $other_games } 局）
tournament-tie-signup = 与 { $other } 同分且局数相同，报名较早
tournament-tie-name = 与 { $other } 同分、局数相同、报名时间相同，按名字排序
# The chart's texts avoid full-width brackets: plotters draws each glyph from its ink, not
# its pen position, so （ and 「 would leave a gap on the wrong side.
tournament-chart-title = { $name } 累计积分
tournament-chart-start = 开局前
tournament-chart-x = 对局
tournament-chart-y = 累计积分
tournament-chart-legend = { $rank }. { $player }  { $points } 分
tournament-chart-missing = 注：字体中没有的 { $count } 个字符在图中画作 ?，完整名字见积分表。
tournament-default-judge = 汤圆
standings-embed-title = 积分榜：{ $name }
stats-title = { $member } 在本服务器的战绩：
stats-games = 参加局数：{ $games }（已结束 { $finished } 局：胜 { $won }，负 { $lost }，无结果 { $none }）
stats-wins = 各身份胜场：{ $wins }
stats-cards = 收到的牌：蓝牌 { $blue } 张，黄牌 { $yellow } 张，红牌 { $red } 张
stats-judged = 担任法官：{ $count } 局

## 剧本步骤与法官时长的拒绝
err-paused = 法官已暂停游戏，请等待恢复。
err-not-paused = 游戏没有暂停。
err-invalid-duration = 时长必须大于零且不超过 { $max } 天（例如 90m、24h 或 1h30m）。
err-text-too-long = { $what ->
        [post] 这条发言
        [reason] 理由
        [last_words] 遗言
        [tree_hole] 树洞
       *[player] 玩家账号
    }太长了：最多只能有 { $max } 个字符。请缩短后再试。
err-clock-limit = 游戏时钟不能超过 { $latest }（开局后 { $years } 年）：在那之后不能再发生任何事，也不能再有截止时间。
wait-phase-over = { $phase }已经结束，游戏不能回到那个阶段。
wait-phase-unreachable = 游戏无法到达{ $phase }：在那之前游戏就会结束（或不再有任何截止时间）。没有做任何改动。
wait-too-many-phases = 这次等待会经过超过 { $max } 个阶段；一次等待最多只能经过 { $max } 个阶段。
script-step-stopped = 第 { $step } 步：{ $error }
script-too-many-phases = 游戏总共会经过超过 { $max } 个阶段；一个脚本最多只能进行 { $max } 个阶段。
script-too-large = 脚本超过 { $max } 字节，这是脚本大小的上限。
script-too-many-steps = 脚本超过 { $max } 步，这是脚本步数的上限。
script-too-many-values = 脚本包含超过 { $max } 个 JSON 值，这是脚本所含值数量的上限。
script-too-long = { $field } 超过 { $max } 个字符，这是它的长度上限。
script-place-step = 第 { $step } 步
script-place-step-field = 第 { $step } 步的字段 `{ $field }`
script-place-field = 字段 `{ $field }`
outbox-undeliverable = 发往{ $to }的一条消息尝试 { $attempts } 次仍无法送达：{ $why }已被搁置以免阻塞该频道。请手动转达：{ $body }
outbox-refused = Discord 拒收了一条发往{ $to }的消息：{ $why }该消息已搁置，该频道继续发送。消息开头：{ $start }

## Discord：每天的帖子与夜间选择
post-day-title = 第 { $day } 天
choice-leader = 投票选狼头
choice-kill = 报刀
choice-pick = 定刀（狼头）
choice-save = 使用解药
choice-poison = 使用毒药
choice-pass = 今晚不用药
choice-check = 查验一名角色
choice-shoot = 开枪带走
choice-hold = 不开枪
choice-badge = 移交警徽给
choice-lead = 把狼头移交给

## Discord：机器人自己的拒绝（规则的拒绝见 err-*）
svc-not-set-up = 本服务器还没有设置游戏论坛。请有"管理服务器"权限的成员先执行 /狼人杀设置。
svc-not-judge = 只有拥有本服务器法官身份组的成员才能这样做。
svc-no-game = 这里没有游戏。请在游戏的帖子或报名帖里使用该命令，或在游戏期间私信机器人使用。
svc-not-a-player = 你没有参加这局游戏。
svc-signup-closed = 报名已截止：游戏已经开始。
svc-already-joined = 你已经报名了。
svc-not-joined = 你还没有报名。
svc-player-count = { $players } 人无法进行 { $ruleset }，请等待更多（或更少）玩家报名。
svc-unknown-ruleset = 没有名为"{ $name }"的规则，请从列表中选择。
svc-unknown-target = "{ $name }"不是本局的角色（或不是有效的值），请从列表中选择。
svc-unknown-time-zone = "{ $name }"不是可识别的时区。请填写 IANA 时区名，例如 Asia/Shanghai（北京时间）、Asia/Taipei、America/New_York 或 UTC。
svc-empty-reason = 请填写理由。
svc-already-playing = { $player } 已经在这局游戏中。
svc-platform = Discord 拒绝了请求：{ $why }
svc-internal = 我们这边出了点问题，你的指令可能已经记录，也可能没有。请先用 /状态 查看，再决定是否重试。
svc-db-unanswered = 数据库没有及时响应，你的指令可能已经记录，也可能没有。请先用 /状态 查看，再决定是否重试。
svc-slow-choose-again = 数据库响应太慢，理由窗口没能打开，你的刀人还没有提交。请在菜单里再选一次。
svc-rolled-back = 我们这边出了点问题，没有任何改动。请稍后再试。
svc-stale-button = 这个按钮已经失效。
svc-pick-one = 请先从菜单中选择一名角色。
svc-bad-duration = "{ $text }"不是有效的时长，请写成 90m、2h、1d 或 1h30m 这样的格式。
svc-no-tournament = 本服务器没有名为"{ $name }"的比赛，请检查名称，或由法官用 /比赛 新建 创建。
svc-no-tournaments = 本服务器还没有比赛，法官可以用 /比赛 新建 创建一个。
svc-tournament-exists = 名为"{ $name }"的比赛已经存在，请换一个名称。
svc-tournament-full = 比赛 { $name } 的 { $planned } 局已经排满，更多的局请新建一个比赛。
svc-tournament-ruleset = 比赛 { $name } 使用 { $ruleset } 规则，请用这个规则为它开局。
svc-no-games-planned = 比赛至少要有一局，请填写 1 或更多的局数。
svc-judge-plays = 你在这局游戏中有座位，不能担任这局的法官。请由不参加游戏的法官操作；或由拥有“管理服务器”权限的成员用 /狼人杀设置 允许参赛法官（playing_judge:True），参赛法官看不到身份。
svc-judge-plays-secret = 你在这局游戏中有座位：游戏结束前，身份、牌、夜晚行动和导出都对你保密。请由不参加游戏的法官查看。
svc-foreign-game = 这个按钮属于另一个服务器的游戏，在这里无效。

## Discord：重复点击夜间操作时的回答
recorded-leader = 已记录：你投 { $name } 当狼头。
recorded-pick = 已记录：你定刀 { $name }。
recorded-kill = 已记录：你报刀 { $name }。
recorded-check = 已记录：你查验了 { $name }。
recorded-save = 已记录：你救了 { $name }。
recorded-poison = 已记录：你毒了 { $name }。
recorded-pass = 已记录：今晚不用药。

## Discord：查询
view-no-vote = 现在没有进行中的投票。
view-votes-heading = 第 { $day } 天票型（{ $closes } 截止；警长的票算 { $weight } 票）：
view-abstained = 弃票：{ $names }
view-not-voted = 尚未投票：{ $names }
view-phase = 当前：{ $phase }；下一个截止时间 { $due }。
view-sheriff = 警长：{ $name }
view-living = 存活：{ $names }
view-dead = 出局：{ $names }
view-you = 你扮演 { $name }，身份是{ $role }。
view-judge-plays = 你在这局游戏中有座位：游戏结束前，法官视图不显示任何秘密信息。
view-cards = （蓝/黄/红牌 { $cards }）
view-kill-submitted = 报刀：{ $by } → { $target }
view-leader = 狼头：{ $name }
view-potions = 解药剩余：{ $antidote }；毒药剩余：{ $poison }

## Discord：回答
ok-vote = 你投给 { $name } 的票已记录，并会连同理由发到当天的讨论帖。
ok-abstain = 你今天弃票。
ok-proxy = 已请法官代投：你的票投给 { $name }。
ok-speedup = 你的加速请求已计入。
ok-lastwords = 你的遗言已记录，将在出局私信里说的那一天开帖时公布。
ok-treehole = 已记入你的树洞。游戏结束前没有人能看到。
ok-setup = 设置完成：游戏在 { $forum }，法官身份组是 { $role }，法官日志在 { $log }。
ok-setup-time-zone = 游戏时间按 { $zone } 显示（现在是 { $now }）。
ok-setup-playing-judge = 参加游戏的法官{ $allowed ->
    [yes] 可以担任该局法官，但在游戏结束前看不到身份、牌和夜晚行动。
   *[no] 不能担任该局法官（由其他法官操作）。
}
ok-signup-opened = 报名帖已发出：{ $post }。
ok-started = 游戏已开始（第 { $game } 局），身份正在私信发出。
ok-joined = 报名成功（{ $count } / { $seats }）。游戏开始时身份会私信发给你。
ok-left = 你已退出报名。
ok-joined-waiting = 本局已满（{ $seats } 人），你在候补名单第 { $place } 位。有人退出时按顺序递补，递补后会私信通知你。
ok-unsigned = 已将 { $member } 移出报名。
ok-card = 已给 { $name } 发牌。
ok-removed = { $name } 已被移出游戏。
ok-substituted = { $player } 现在接替 { $name }。
ok-extended = 当前截止时间已延后 { $by }。
ok-paused = 游戏已暂停。
ok-resumed = 游戏已恢复。
ok-ended = 游戏已结束。
ok-exported = 第 { $game } 局的游戏脚本和报告。用 `wolfjudge script game-{ $game }.json` 重放；任何人都可以用 `wolfjudge verify game-{ $game }.json --commitment <开局公布的种子哈希>` 验证发牌。
export-mismatch = 警告：重放脚本得到的结果与存储的对局在这些项上不一致：{ $fields }。请报告这个问题。
ok-choice = 已记录：{ $choice } { $name }。
ok-tournament-created = 比赛 { $name } 已创建：共 { $games } 局 { $ruleset }，法官 { $judge }。用 /狼人杀 新游戏 规则:{ $ruleset } 比赛:{ $name } 为它开局。

## Discord：报名
signup-title = 报名：{ $ruleset }
signup-body = **{ $ruleset }**，法官 { $judge }。已报名：{ $count } 人（本局需要 { $seats } 人）。
signup-waiting = 候补（有人退出时按顺序递补）：
signup-open = 点击"报名"（或使用 /报名）。人数合适后法官用 /狼人杀 开始 开局。
signup-started = 游戏已开始，报名已截止。
button-join = 报名
button-leave = 退出
dm-joined = 你已报名一局 { $ruleset }。你的身份和每晚的操作提示都会发到这里（私信）。
dm-moved-up = 有人退出了 { $ruleset } 的报名，你已从候补递补为正式报名。你的身份和每晚的操作提示都会发到这里（私信）。
signup-dm-closed = { $player }：机器人无法私信你，而身份是通过私信发送的。请允许本服务器成员给你发私信（服务器菜单 → 隐私设置），然后退出并重新报名。法官：暂时无法联系到这名玩家。
log-judge-command = { $judge } 使用了 { $command } → { $result }
modal-kill-title = 今晚报刀

## Discord：命令的名字与说明
cmd-wolf = 狼人杀
cmd-wolf-desc = 报名（法官）
cmd-wolf-setup = 狼人杀设置
cmd-wolf-setup-desc = 选择游戏论坛、法官身份组和法官日志频道
cmd-wolf-setup-forum = 论坛
cmd-wolf-setup-forum-desc = 进行游戏的论坛频道
cmd-wolf-setup-judge_role = 法官身份组
cmd-wolf-setup-judge_role-desc = 法官的身份组
cmd-wolf-setup-log = 日志
cmd-wolf-setup-log-desc = 法官日志用的私密频道
cmd-wolf-setup-language = 语言
cmd-wolf-setup-language-desc = 游戏语言：zh（简体中文）、zh-TW（繁体中文）或 en
cmd-wolf-setup-timezone = 时区
cmd-wolf-setup-timezone-desc = 游戏显示时间用的时区（IANA 名称），默认：简体中文 Asia/Shanghai、繁体中文 Asia/Taipei、英文 UTC
cmd-wolf-setup-playing_judge = 参赛法官
cmd-wolf-setup-playing_judge-desc = 参加游戏的法官能否担任该局法官（看不到身份；默认不能）
cmd-wolf-new = 新游戏
cmd-wolf-new-desc = 为新游戏发报名帖（法官）
cmd-wolf-new-ruleset = 规则
cmd-wolf-new-ruleset-desc = 板子（每个选项写有人数和身份）
cmd-wolf-new-tournament = 比赛
cmd-wolf-new-tournament-desc = 这局所属的比赛（比赛名称）
cmd-wolf-start = 开始
cmd-wolf-start-desc = 报名人数合适时开局（法官）
cmd-join = 报名
cmd-join-desc = 报名参加当前的游戏
cmd-leave = 退出报名
cmd-leave-desc = 退出当前游戏的报名
cmd-vote = 投票
cmd-vote-desc = 投票放逐一名角色，理由会公开
cmd-vote-target = 目标
cmd-vote-target-desc = 你投给谁
cmd-vote-reason = 理由
cmd-vote-reason-desc = 理由（随投票公布）
cmd-abstain = 弃票
cmd-abstain-desc = 今天弃票
cmd-votes = 票型
cmd-votes-desc = 查看今天的票型（警长票加权），或某一天的完整投票记录
cmd-role = 身份
cmd-role-desc = 私下再发一次我的身份
cmd-status = 状态
cmd-status-desc = 游戏进展：阶段与截止时间、警长、存活角色
cmd-proxy = 代投
cmd-proxy-desc = 来不及投票时，请法官代你把票投给某个角色
cmd-proxy-target = 目标
cmd-proxy-target-desc = 你的票投给谁
cmd-speedup = 加速
cmd-speedup-desc = 申请加快游戏节奏
cmd-lastwords = 遗言
cmd-lastwords-desc = 留下你的遗言
cmd-lastwords-text = 内容
cmd-lastwords-text-desc = 你的遗言
cmd-treehole = 树洞
cmd-treehole-desc = 写一条游戏结束前没人能看到的私人笔记
cmd-treehole-text = 内容
cmd-treehole-text-desc = 你的笔记
cmd-judge = 法官
cmd-judge-desc = 法官的命令
cmd-judge-card = 发牌
cmd-judge-card-desc = 发一张牌（蓝/黄/红）并写明理由
cmd-judge-card-target = 目标
cmd-judge-card-target-desc = 给谁
cmd-judge-card-color = 颜色
cmd-judge-card-color-desc = 哪种牌
cmd-judge-card-reason = 理由
cmd-judge-card-reason-desc = 为什么
cmd-judge-remove = 移出
cmd-judge-remove-desc = 把一名角色移出游戏
cmd-judge-remove-target = 目标
cmd-judge-remove-target-desc = 谁
cmd-judge-remove-reason = 理由
cmd-judge-remove-reason-desc = 为什么
cmd-judge-substitute = 替补
cmd-judge-substitute-desc = 让一名新成员接替某个角色
cmd-judge-substitute-target = 角色
cmd-judge-substitute-target-desc = 被接替的角色
cmd-judge-substitute-member = 成员
cmd-judge-substitute-member-desc = 接替的成员
cmd-judge-unsign = 移出报名
cmd-judge-unsign-desc = 把一名成员移出当前的报名（开局前）
cmd-judge-unsign-member = 成员
cmd-judge-unsign-member-desc = 要移出报名的成员
cmd-judge-extend = 延时
cmd-judge-extend-desc = 把当前截止时间延后（如 2h、90m、1d）
cmd-judge-extend-by = 时长
cmd-judge-extend-by-desc = 延后多久，如 1d、12h、90m 或 1d12h
cmd-judge-pause = 暂停
cmd-judge-pause-desc = 暂停计时，直到恢复
cmd-judge-resume = 恢复
cmd-judge-resume-desc = 恢复计时，未到的截止时间顺延暂停的时长
cmd-judge-end = 结束
cmd-judge-end-desc = 立即结束游戏
cmd-judge-end-winner = 胜方
cmd-judge-end-winner-desc = wolves、village、killers、police 或 draw；留空表示无
cmd-judge-status = 全局
cmd-judge-status-desc = 游戏的全部信息（含秘密，只有你能看到）

## 版杀功能
treehole-title = 树洞
treehole-line = { $name }（{ $player }）：{ $text }
treehole-line-open = { $name }：{ $text }
svc-post-in-thread = 本局不是马甲局：请直接在当天的讨论帖里发言。
svc-posting-too-fast = 每人每分钟最多发言 { $per_minute } 次：这条发言没有转发，{ $until }（{ $in }）之前再发的也不会转发。请到时再发，不会替你排队。
tip-anonymous-post = 本局是马甲局：你在游戏帖里直接发的消息会暴露你的账号，所以已被删除。请用 /发言 或把内容私信给我，以角色身份发言。你的原文是：{ $text }
flag-dead-post = ⚠ 诈尸：{ $name } { $player } 出局后仍在发言：{ $link }
flag-edited = ⚠ { $name } { $player } 编辑了自己的发言：{ $link }
flag-deleted = ⚠ { $name } { $player } 删除了自己的发言：{ $link }
flag-outsider = ⚠ 非玩家 { $player } 在游戏帖里发言：{ $link }
flag-mention = ⚠ { $name } { $player } 在转发的发言里提到了某个账号（已从转发中去掉；这可能暴露马甲）：{ $link }
flag-card-reason = 机器人报告的违规
button-card-blue = 蓝牌
button-card-yellow = 黄牌
elevator-heading = 第 { $day } 天电梯（随发言更新；只看某个角色的全部发言：/发言记录）：
elevator-line = { $name }（{ $count }）：[最新]({ $link })
elevator-none = { $name }（0）
posts-heading = 第 { $day } 天发言数（每天至少 { $need } 次）：
ok-say = 已以角色身份发言。
cmd-say = 发言
cmd-say-desc = 以角色身份在当天的讨论帖发言（马甲局）
cmd-say-text = 内容
cmd-say-text-desc = 你的角色要说的话
cmd-posts = 发言数
cmd-posts-desc = 今天的发言数
cmd-tournament = 比赛
cmd-tournament-desc = 比赛：按身份计分的一系列对局
cmd-tournament-new = 新建
cmd-tournament-new-desc = 在本服务器创建一个比赛（法官）
cmd-tournament-new-name = 名称
cmd-tournament-new-name-desc = 比赛的名称
cmd-tournament-new-games = 局数
cmd-tournament-new-games-desc = 比赛共有几局
cmd-tournament-new-ruleset = 规则
cmd-tournament-new-ruleset-desc = 规则：mafia（默认）、m32 或 uno（UNO 比赛）
cmd-tournament-new-club_day = 活动日
cmd-tournament-new-club_day-desc = 所属的活动日（一场 UNO 比赛加一场杀人游戏比赛）
cmd-standings = 积分榜
cmd-standings-desc = 发布比赛的积分表和积分走势图
cmd-standings-tournament = 比赛
cmd-standings-tournament-desc = 比赛名称（默认：最近的比赛）
cmd-standings-club_day = 活动日
cmd-standings-club_day-desc = 活动日：其中每场比赛的积分榜
cmd-stats = 战绩
cmd-stats-desc = 成员或全服务器的战绩：局数、各身份与阵营胜场、胜率和收到的牌
cmd-stats-member = 成员
cmd-stats-member-desc = 查看谁的战绩（默认：你自己）
cmd-judge-export = 导出
cmd-judge-export-desc = 把整局游戏导出为游戏脚本和报告（文件只有你能看到）

## Discord 上的板子（/狼人杀 新游戏 的选项、报名帖里的板子、/狼人杀 规则）

board-m32 = M32 版杀
board-mafia = 杀人游戏
board-idiot = 预女猎白
board-guard = 预女猎守
board-wolf-king = 白狼王骑士
board-small = 预女猎
board-named = { $board }（{ $ruleset }）
board-role-count = { $role }×{ $count }
board-lines-sep = ；
board-list-sep = 、
board-deal = { $players } 人：{ $roles }
board-deal-range = { $players } 人：{ $roles }，其余为{ $rest }
board-yes = 是
board-no = 否
board-option = { $name }：{ $value }
signup-board = 板子：{ $board } — { $deal }
signup-options = 与规则默认不同的选项：{ $options }
rules-heading = **板子：{ $board }**
rules-roles = 身份：
rules-role = · { $role }：{ $line }
rules-options = 选项：
svc-bad-option = { $option } = { $value } 不适用于这套规则：所有时长都必须大于零，白天时长必须长于收票前禁止改票的最后一小时，女巫时限不能早于夜间行动时限。请修改这个选项（或不填，沿用规则的默认值）。
svc-players-option = { $ruleset } 不能进行 { $players } 人局；可选人数：{ $seats }。
opt-day_length = 白天时长
opt-speedup_day_length = 加速后白天时长
opt-speedup = 允许加速
opt-runoff_length = 平票加赛时长
opt-night_length = 夜间行动时限（女巫以外）
opt-witch_deadline = 女巫时限
opt-decision_window = 白天出局后的决定时限（开枪、警徽、狼头）
opt-night_decision_window = 夜间出局后的决定时限
opt-fixed_phase_times = 固定阶段时间
opt-hunter_shoots_when_sent_off = 猎人被罚下时可开枪
opt-hunter_shoots_when_poisoned = 猎人被毒时可开枪
opt-witch_waits_for_kill = 刀口确定后再问女巫
opt-last_words_due = 遗言截止
opt-split_tie = 夜间平票处理
opt-vote_changes = 每天可改票次数
opt-vote_lock = 收票前禁止改票时长
opt-proxy_deadline = 代投截止（距收票）
opt-proxy_change_deadline = 代投更改截止（距收票）
opt-sheriff = 警长
opt-sheriff_weight = 警长票权重
opt-day_tie = 白天平票处理
opt-sheriff_tie = 警长选举平票处理
opt-wolf_leader = 狼头
opt-leader_pick_fallback = 狼头未选刀口时
opt-wolf_chat = 狼队群聊
opt-witch_self_save = 女巫可自救
opt-witch_self_save-never = 不能
opt-witch_self_save-first_night = 仅首夜可以
opt-witch_self_save-always = 可以
opt-knight_duel_day_one = 骑士第 1 天可决斗
opt-last_words = 遗言数量
opt-auto_cards = 自动判牌
opt-lurk_min_posts_day = 每日最少发言数
opt-lurk_min_posts_streak = 连续多日每日最少发言数
opt-lurk_streak_days = 连续天数
opt-blues_per_yellow = 几张蓝牌换一张黄牌
opt-yellows_per_red = 几张黄牌换一张红牌
opt-red_card_loses_camp = 红牌判所在阵营负
opt-anonymous = 匿名马甲
opt-wolves_win_at_half = 狼人达到存活半数即胜
opt-wolf_self_destruct = 狼人可自爆
opt-deal = 发牌
role-line-wolf = 每晚与狼队一起刀一人。
role-line-villager = 没有技能，靠发言和投票找狼。
role-line-seer = 每晚查验一人是否为好人阵营。
role-line-witch = 一瓶解药、一瓶毒药，每局各限用一次。
role-line-hunter = 出局时可开枪带走一人。
role-line-killer = 每晚与其他杀手一起杀一人。
role-line-police = 每晚与其他警察一起查验一人，得知其确切身份。
role-line-civilian = 没有技能，靠发言和投票找出杀手。
role-line-guard = 每晚守护一人免于狼刀，不能连续两晚守同一人。
role-line-idiot = 被放逐时翻牌免死，但从此不能投票。
role-line-white_wolf_king = 狼人，白天可自爆并带走一人。
role-line-knight = 白天可决斗一次：对方是狼则对方出局，否则骑士出局。
cmd-wolf-new-day_length = 白天时长
cmd-wolf-new-day_length-desc = 每天的时长，如 24h、12h 或 1d（默认按规则）
cmd-wolf-new-night_deadline = 夜间时限
cmd-wolf-new-night_deadline-desc = 夜间行动的时限（女巫除外），从入夜算起，如 30m
cmd-wolf-new-witch_deadline = 女巫时限
cmd-wolf-new-witch_deadline-desc = 女巫的时限，从入夜算起，如 1h
cmd-wolf-new-anonymous = 匿名
cmd-wolf-new-anonymous-desc = 使用匿名马甲，还是玩家自己的名字
cmd-wolf-new-players = 人数
cmd-wolf-new-players-desc = 人数（规则允许多种人数时，如杀人游戏 11–16）
cmd-wolf-rules = 规则
cmd-wolf-rules-desc = 在这里公布当前游戏的板子、身份和选项
cmd-concede = 认输
cmd-concede-desc = 代表己方认输（杀人游戏：己方只剩你一人时）
cmd-self-destruct = 自爆
cmd-self-destruct-desc = 立即自爆（白天）；白狼王可带走一人
cmd-self-destruct-target = 带走
cmd-self-destruct-target-desc = 带走谁（仅限白狼王）
cmd-duel = 决斗
cmd-duel-desc = 与一名角色决斗（白天，每局一次）
cmd-duel-target = 目标
cmd-duel-target-desc = 与谁决斗
ok-concede = 你已认输，游戏结束。
ok-self-destruct = 已记录：你已自爆，当天的讨论帖会公布。
ok-duel = 已记录：你与 { $name } 决斗，结果会公布在当天的讨论帖。

## 标准板子（docs/rules.md §4）：守卫、白痴、白狼王、骑士。
role-guard = 守卫
role-idiot = 白痴
role-white_wolf_king = 白狼王
role-knight = 骑士
role-desc-guard = 每晚入夜后 { $night }内可以私信法官守护一名存活角色（可以守自己）免于狼刀，也可以空守；不能连续两晚守同一名角色。女巫救了你守的人，他照样出局（同守同救）。守护挡不住毒药。不发消息即为空守。
role-desc-idiot = 白天被投票出局时你不出局：你的身份公开翻牌，你留在场上、继续发言，但从此不能再投票。之后再被投票放逐则出局。夜里被刀或被毒，照常出局。
role-desc-white_wolf_king = 你是狼人：每晚入夜后 { $night }内和其他狼人一样私信法官报刀，附两个字的理由{ $leader ->
    [yes] ；参加狼头选举，也可以当狼头
   *[no] {""}
}。白天投票结束前你可以自爆：立即出局，并可以带走一名其他存活角色；当天随即结束，没有放逐。
role-desc-knight = 每局一次，白天投票结束前{ $dayone ->
    [yes] {""}
   *[no] （第一天除外）
}，你可以与一名其他存活角色决斗。对方是狼人则对方出局，当天立即结束；否则你出局，当天继续。
ev-out-self-destruct = { $name } 自爆，出局。
ev-out-taken = { $name } 被带走，出局。
ev-out-duel = { $name } 决斗失败，出局。
ev-guard-protected = 今晚你守护 { $target }。
ev-guard-protected-nobody = 今晚你空守。
ev-idiot-revealed = { $name } 被投票放逐，翻牌：【白痴】。{ $name } 留在场上，但不能再投票。
ev-self-destruct = { $name } 自爆，出局；今天的投票到此结束。
ev-self-destruct-take = { $name } 自爆，并带走 { $target }；今天的投票到此结束。
ev-duel = { $name } 向 { $target } 发起决斗：{ $wolf ->
    [yes] { $target } 属于狼队，决斗失败。
   *[no] { $target } 是好人，{ $name } 决斗失败。
}
ev-day-cut = 第{ $day }天到此结束：今天没有放逐。入夜时间与平常投票结束后相同。
err-protect-repeated = 你昨晚守护了 { $name }；守卫不能连续两晚守同一名角色。请选择别人，或者空守。
err-idiot-cannot-vote = 已翻牌的白痴不能再投票、弃票或请人代投。
err-self-destruct-target = 只有白狼王自爆时可以带人；请不带目标自爆。
err-duel-used = 你这局已经决斗过了，决斗只有一次。
err-duel-day-one = 第一天不能决斗（当天投票选警长）。从第二天起可以决斗。
sim-act-protect = 守护 { $target }
sim-act-protect-nobody = 空守
sim-act-self-destruct = 自爆
sim-act-self-destruct-take = 自爆并带走 { $target }
sim-act-duel = 与 { $target } 决斗
deed-protect = { $by } 守护 { $target }
deed-protect-nobody = { $by } 空守
deed-self-destruct = { $by } 自爆，带走 { $target }
deed-self-destruct-alone = { $by } 自爆
deed-duel = { $by } 与 { $target } 决斗
deed-idiot-revealed = { $by } 翻牌为白痴
choice-protect = 守护一名角色
choice-protect_nobody = 今晚空守
prompt-night-guard = 第{ $night }夜：请在 { $until } 前选择守护一名存活角色（可以守自己）免于今晚的狼刀，或者空守{ $has ->
    [yes] ；不能守昨晚守过的 { $last }
   *[no] {""}
}。不发消息即为空守。
board-count = { $role }×{ $count }
ev-reveal-board = 板子：{ $ruleset }（{ $roles }）{ $has ->
    [yes] ；与板子默认不同的选项：{ $options }
   *[no] {""}
}。

## Channel moderation (the forum-features work): day posts locked, living/dead roles, the setup's
## permission check.
cmd-wolf-setup-living_role = 存活身份组
cmd-wolf-setup-living_role-desc = 机器人发给本局存活玩家的身份组（只有他们能在白天帖发言）
cmd-wolf-setup-dead_role = 出局身份组
cmd-wolf-setup-dead_role-desc = 玩家出局公布后机器人发给他的身份组
cmd-wolf-setup-spectator_role = 观战身份组
cmd-wolf-setup-spectator_role-desc = 观战成员的身份组
cmd-wolf-setup-graveyard = 墓地
cmd-wolf-setup-graveyard-desc = 出局玩家（和观战者）聊天的频道
ok-setup-moderation = 机器人同步的身份组：存活 { $living }，出局 { $dead }，观战 { $spectator }；墓地 { $graveyard }。每天结束后白天帖会被锁定并归档。
svc-missing-permissions = 机器人缺少这次设置需要的权限，设置未保存：
    { $missing }
    请给机器人的身份组加上这些权限（服务器设置 → 身份组，或频道的权限设置），然后重新运行 /wolf-setup。
lack-permission = • { $permission }（整个服务器）
lack-permission-in = • { $channel } 中的「{ $permission }」
lack-role-order = • 机器人的最高身份组必须排在 { $role } 之上才能发放它（在服务器设置 → 身份组中把它拖到更高处）
perm-view-channel = 查看频道
perm-send-messages = 发送消息/创建帖子
perm-send-messages-in-threads = 在子区和帖子中发送消息
perm-create-public-threads = 创建公开子区
perm-create-private-threads = 创建私密子区
perm-manage-threads = 管理子区和帖子
perm-read-message-history = 阅读消息历史
perm-manage-webhooks = 管理 Webhook
perm-manage-messages = 管理消息
perm-attach-files = 附加文件
perm-embed-links = 嵌入链接
perm-manage-roles = 管理身份组
moderate-lock-day = 锁定并归档第 { $day } 天的帖子。
moderate-living = 给这些玩家发放存活身份组：{ $names }。
moderate-dead = 把这些玩家的存活身份组换成出局身份组：{ $names }。
moderate-clear = 收回这些玩家的存活和出局身份组：{ $names }。
moderate-replaced = 把 { $name } 的身份组从离开的玩家转给替补。
## 判罚前的提醒（the forum-features work 第 3 项）：白天截止前在当天的帖子里列出截止时会被自动判牌的角色，以及 /judge status 里的风险名单。
opt-warn_before_close = 白天截止前的提醒
view-at-risk-heading = 截止时会被自动判牌的角色（{ $closes } 截止）：
view-at-risk-line = { $name }：发言 { $posts }/{ $need }{ $vote }
view-at-risk-no-vote = ；未投票
view-at-risk-none = 目前没有角色会在截止时被自动判牌。
view-at-risk-speedup = 加速后不再自动判牌：没有角色有风险。
view-at-risk-off = 本局不自动判牌：没有角色有风险。
## 阵营私密讨论串（the forum-features work 第 4b 项）：狼人（或杀人游戏的杀手、警察）的私密讨论串，只有成员和法官能看到。

opt-camp_threads = 阵营私密讨论串
camp-thread-title = 第 { $game } 局 · { $camp ->
    [wolves] 狼人
    [killers] 杀手
   *[police] 警察
}
camp-thread-welcome = 这是本局{ $camp ->
    [wolves] 狼人
    [killers] 杀手
   *[police] 警察
}的私密讨论串：{ $names }。只有你们和法官能看到。出局的成员会被移出：白天出局的立即移出，夜里出局的在天亮公布时移出。
camp-thread-left = { $name } 已出局，移出本讨论串。
camp-thread-substitute = { $name } 现由替补接手，替补已加入本讨论串。
camp-thread-no-channel = 本局{ $camp ->
    [wolves] 狼人
    [killers] 杀手
   *[police] 警察
}没有私密讨论串：服务器没有设置阵营讨论串所在的频道（`/狼人杀设置 阵营频道:`，一个玩家能看到的文字频道）。
ok-setup-camps = 阵营私密讨论串开在 { $channel }（板子开启 wolf_chat 时为狼人开；杀人游戏的杀手和警察：{ $mafia ->
    [yes] 开
   *[no] 不开
}）。
ok-setup-camps-none = 没有设置阵营讨论串的频道：不为任何阵营开私密讨论串。
cmd-wolf-setup-camp_channel = 阵营频道
cmd-wolf-setup-camp_channel-desc = 玩家能看到的文字频道，阵营私密讨论串开在这里（不设：不开）
cmd-wolf-setup-mafia_camp_threads = 杀人游戏阵营讨论串
cmd-wolf-setup-mafia_camp_threads-desc = 杀人游戏：为杀手和警察各开一个私密讨论串（默认不开）
## Charts in the reveal (the forum-features work): one picture per vote and the game's timeline.
chart-vote-title = { $phase } 投票
chart-time-axis = 时间（{ $zone }）
chart-abstain = 弃票
chart-proxy = { $what }（代投）
chart-voter-sheriff = { $name }（警长 ×{ $weight }）
chart-voter-gone = { $name }（已出局）
chart-no-vote = 未投票
chart-cannot-vote = 不能投票（已翻牌的白痴）
chart-result-out = 结果：{ $name } 被放逐（{ $votes } 票）
chart-result-idiot = 结果：{ $name } 得票最多（{ $votes } 票），翻牌为白痴，留在场上
chart-result-sheriff = 结果：{ $name } 当选警长（{ $votes } 票）
chart-result-no-sheriff = 结果：没有人当选警长
chart-result-no-sheriff-tie = 结果：{ $names } 平票，没有人当选警长
chart-result-no-votes = 结果：没有人投票，无人出局
chart-result-tie = 结果：{ $names } 平票，无人出局
chart-result-runoff = 结果：{ $names } 平票，进入加赛
chart-result-cut = 结果：白天提前结束，没有放逐
chart-result-ended = 结果：投票结束前游戏已结束
chart-result-open = 投票尚未结束
chart-tally = 计票
chart-tally-line = { $name }：{ $votes } 票
chart-count-abstain = 弃票：{ $count } 人
chart-count-none = 未投票：{ $count } 人
chart-vote-legend = ● 投票或改票的时间　删除线：后来改掉的票　粗框：法官代投　黑框：结果所指
chart-missing = 注：字体中没有的 { $count } 个字符在图中画作 ?，完整名字见揭秘文字。
chart-timeline-title = 本局时间线：{ $result }
chart-result-winner = { $winner }获胜
chart-result-draw = 平局
chart-result-no-winner = 法官结束了游戏，没有胜方
chart-result-unfinished = 游戏尚未结束
chart-timeline-row = { $name }（{ $role }）
chart-survived = 存活到最后
chart-idiot-revealed = 翻牌
chart-cause-night_kill = 夜里被杀
chart-cause-vote = 被放逐
chart-cause-poison = 被毒死
chart-cause-shot = 被枪杀
chart-cause-red_card = 红牌出局
chart-cause-judge = 法官移出
chart-cause-self_destruct = 自爆
chart-cause-taken = 被白狼王带走
chart-cause-duel = 决斗出局
chart-caption = 📊 本局的图：每次投票一张，最后是时间线{ $parts ->
    [1] {""}
   *[other] （{ $part }/{ $parts }）
}。
cli-sim-charts = 种子 { $seed } 这一局的 { $count } 张图已写入 { $dir }
## 帮助与发言记录（/帮助、/发言记录）；命令选项的选项名
cmd-help = 帮助
cmd-help-desc = 机器人做什么、当前阶段该做什么，以及全部命令（只有你能看到）
cmd-rules = 规则
cmd-rules-desc = 本局的板子、身份和选项（只有你能看到）
cmd-history = 发言记录
cmd-history-desc = 某个角色在本局每一条发言的链接（只看该楼层）
cmd-history-character = 角色
cmd-history-character-desc = 看谁的发言
cmd-history-page = 页码
cmd-history-page-desc = 第几页（发言多时分页显示）
cmd-judge-card-color-blue = 蓝牌
cmd-judge-card-color-yellow = 黄牌
cmd-judge-card-color-red = 红牌
cmd-judge-end-winner-wolves = 狼人阵营
cmd-judge-end-winner-village = 好人阵营
cmd-judge-end-winner-police = 警察阵营
cmd-judge-end-winner-killers = 杀手阵营
cmd-judge-end-winner-draw = 平局
cmd-wolf-setup-language-zh = 简体中文
cmd-wolf-setup-language-en = 英文（English）
help-title = 狼人杀法官机器人：帮助
help-about = 我是本服务器的狼人杀（版杀）法官：管理报名，私信发身份，收夜间行动，计票，按规则发牌，结束时公开全部记录。报名用 { $join } 或报名帖的按钮；白天在当天的帖子里发言、用 { $vote } 投票；夜里在与我的私信里点按钮行动。随时用 { $status } 看局势、{ $role } 再看一次自己的身份。
help-more = 板子与规则：{ $rules } 私下显示本局的板子、身份和选项（法官可用 /wolf rules 公布给所有人）。每个角色的全部发言：{ $history }（只看该楼层）；今天的发言数：{ $posts }。
help-commands = 全部命令
help-no-game = 这里没有进行中的游戏。想玩就在报名帖点「报名」或用 { $join }；在游戏的帖子里或游戏期间用 /帮助，会告诉你当前阶段该做什么。
help-phase = **现在：{ $phase }**（下一个截止时间 { $due }）
help-paused = 游戏已暂停：计时停止，法官恢复后继续。
help-ended = 这局已经结束：身份揭秘和全部记录已在帖子里公布。
help-day = 白天：{ $anonymous ->
    [yes] 这是马甲局，用 { $say } 或私信我发言，我以角色名转发到当天的帖子（直接发在帖子里的会被删除）；
   *[no] 在当天的帖子里发言；
    }{ $posts ->
    [0] 发言条数不限。
   *[other] 每人每天至少发言 { $posts } 条，不足会被发牌。
    } 在 { $closes } 之前用 { $vote } 投票（附理由），或用 { $abstain } 弃票；票型见 { $votes }。
help-runoff = 平票加赛：只有加赛的投票人在 { $closes } 之前重新投票（{ $vote }），只能投给平票的角色。
help-day-closed = 今天的投票已截止，等待结果。
help-night = 夜晚：夜里有行动的身份会在与我的私信里收到按钮，截止前点选；其他人等待天亮。夜里的帖子发言不计数。
help-spectator = 你不在这局里：可以旁观，但请不要在游戏帖里发言。
help-dead = 你已出局：请不要再在游戏帖里发言（诈尸会报告给法官）。可以用 { $treehole } 写树洞，游戏结束后公开。
help-you = 你是 { $name }。
help-you-day = 你是 { $name }：今天已发言 { $posts } 条{ $need ->
    [0] {""}
   *[other] （至少 { $need } 条）
    }；{ $votes ->
    [yes] { $voted ->
        [yes] 你已投票（截止前可以改票）。
       *[no] 你还没有投票。
    }
   *[no] 这一轮加赛你不投票。
    }
help-you-pending = 你有一个待做的决定（见与我的私信），截止 { $until }。
history-heading = **{ $name }** 在本局的全部发言：{ $count } 条
history-day = 第 { $day } 天：
history-line = #{ $n } { $link }
history-page = 第 { $page }/{ $pages } 页；下一页在命令里填页码 { $next }。
history-none = { $name } 在本局还没有计入的发言。
history-no-page = 没有第 { $page } 页：这个角色的发言共 { $pages } 页。
## Records across games (the forum-features work): /stats, /leaderboard, card records, /appeal
stats-camps = 各阵营胜场：{ $camps }
stats-camp = { $camp } { $won }/{ $played }（{ $rate }）
stats-win-rate = 胜率：{ $rate }
stats-percent = { $rate }%
stats-no-rate = 暂无
stats-list-sep = ，
stats-server-title = 本服务器的战绩：
stats-server-games = 已开局数：{ $games }（已结束 { $finished } 局，其中无结果 { $none } 局）；玩家 { $players } 人
stats-server-winners = 获胜方：{ $winners }
stats-server-winner = { $winner } { $count } 局
stats-server-cards = 发出的牌：蓝牌 { $blue } 张，黄牌 { $yellow } 张，红牌 { $red } 张
leaderboard-title = 本服务器排行榜（按{ $by ->
    [rate] 胜率
   *[wins] 胜场
}，至少 { $min } 局已结束的游戏）：
leaderboard-empty = 还没有人打满 { $min } 局已结束的游戏。
leaderboard-line = { $rank }. { $player } — 胜 { $won } / { $games } 局（{ $rate }%）
leaderboard-page = 第 { $page }/{ $pages } 页（用 page 选项翻页）
signup-red-card = {" "}🟥×{ $count }
signup-red-card-legend = 🟥：最近 { $games } 局中收到过红牌（仅供法官参考）。
ok-setup-red-cards = 报名帖会标出最近 { $games } 局中收到过红牌的成员（0 为不标）。
ok-appeal = 你的申诉已私下记录给法官。法官的判决为最终判决；申诉在游戏结束后统一处理。
ev-appealed = { $name } 提出申诉：{ $text }
ev-appeals-title = 本局游戏中的申诉（{ $count } 条，游戏结束后处理）：
ev-appeals-line = - { $name }（{ $player }，{ $time }）：{ $text }
sim-act-appeal = 向法官申诉
cmd-stats-server = 全服务器
cmd-stats-server-desc = 查看整个服务器的战绩，而不是某个成员的
cmd-leaderboard = 排行榜
cmd-leaderboard-desc = 本服务器玩家按胜场或胜率排名（发到频道）
cmd-leaderboard-by = 排序
cmd-leaderboard-by-desc = 按胜场（默认）或胜率排名
cmd-leaderboard-min_games = 最少局数
cmd-leaderboard-min_games-desc = 参与排名至少需要的已结束局数（默认：按胜场 1，按胜率 3）
cmd-leaderboard-page = 页
cmd-leaderboard-page-desc = 第几页（每页 20 人）
cmd-appeal = 申诉
cmd-appeal-desc = 就本局游戏向法官申诉；申诉在游戏结束后处理
cmd-appeal-text = 内容
cmd-appeal-text-desc = 你的申诉
cmd-wolf-setup-red_card_games = 红牌局数
cmd-wolf-setup-red_card_games-desc = 报名帖标出最近 N 局中收到过红牌的成员（默认 5，0 为不标）
## 每个讨论帖的公开计票，以及 /票型 天:N（the forum-features work 第 1 项）
tally-title = 📊 **{ $phase }计票**
tally-weight = 警长的票（★）算 { $weight } 票。
tally-target = **{ $name }** — { $votes } 票：{ $voters }
tally-target-none = **{ $name }** — 0 票
tally-sheriff = { $name } ★×{ $weight }
tally-proxy = { $name }（代投）
tally-changed = { $name }（{ $chain }）
tally-changed-count = { $name }（改票 { $count } 次）
tally-change = { $old } → { $new }
tally-struck = ~~{ $name }~~
tally-abstain-word = 弃票
tally-abstained = 弃票（{ $count }）：{ $names }
tally-void = 不计（所投的角色已出局）（{ $count }）：{ $names }
tally-no-votes = 还没有人投票。
tally-not-voted = 尚未投票（{ $count }）：{ $names }
tally-more = ……另有 { $count } 行未列出（见 /票型）。
tally-open = 投票于 { $closes } 截止。
tally-final = 已于 { $at } 截止：以上为最终票型，结果见下。
tally-cut = 本日于 { $at } 提前结束：今天没有放逐。
tally-ended = 游戏于 { $at } 结束，本轮投票随之终止。
votes-history-heading = 第 { $day } 天全部投票记录（按时间顺序）
votes-history-round = **{ $phase }**（{ $at } 开始）
votes-history-vote = { $at } { $by } → { $target }
votes-history-change = { $at } { $by } ~~{ $old }~~ → { $new }
votes-history-proxy = { $line }（法官代投）
votes-history-reason = { $line }：{ $reason }
votes-history-close = { $at } { $what }
votes-no-such-day = 第 { $day } 天还没有开始；本局进行到第 { $last } 天。
cmd-votes-day = 天
cmd-votes-day-desc = 查看某一天的完整投票记录（每次投票和改票，含时间和理由）
# --- Sign-up management (the forum-features work): the judge adds a member, the notify role, the bench of substitutes ---
cmd-judge-sign = 代报名
cmd-judge-sign-desc = 替一名成员报名当前的游戏（开局前）
cmd-judge-sign-member = 成员
cmd-judge-sign-member-desc = 要加入报名的成员
cmd-judge-replace = 换人
cmd-judge-replace-desc = 替换某个角色的玩家：把座位私信提供给替补席
cmd-judge-replace-target = 角色
cmd-judge-replace-target-desc = 玩家要离开的角色
cmd-wolf-setup-notify_role = 开局提醒身份组
cmd-wolf-setup-notify_role-desc = 新报名开启时提醒的身份组；成员用按钮自行加入（默认：无）
ok-setup-notify = 新报名开启时会提醒 { $role }；成员用提醒消息下的按钮加入或退出。机器人需要「管理身份组」权限，且排在该身份组之上。
ok-setup-no-notify = 新报名开启时不提醒任何人（设置 notify_role 后会提醒自愿加入的成员）。
ok-signed = 已替 { $member } 报名（{ $count } / { $seats }）。
ok-signed-waiting = 本局已满：{ $member } 在候补名单第 { $place } 位。
ok-offered = 已私信 { $count } 名替补，提供 { $name } 的座位；最先接受的人接替该角色。在此之前原玩家继续游戏。
signup-ping = { $role }：{ $ruleset } 新的一局开始报名了（法官 { $judge }），请在上面的帖子里点「报名」。
button-notify-on = 开局提醒我
button-notify-off = 不再提醒
ok-notify-on = 新报名开启时会提醒你（{ $role }）。
ok-notify-off = 新报名开启时不会再提醒你。
button-bench = 报名替补
button-unbench = 退出替补
signup-bench = 替补席（法官换人时会私信提供座位）：
ok-benched = 你已进入这局 { $ruleset } 的替补席。法官换人时会私信提供座位，请保持私信开启。
ok-unbenched = 你已退出替补席。
dm-bench-offer = 法官要替换 { $name } 的玩家。点下面的按钮接替该角色（身份、牌和发言都保留）；最先接受的替补得到座位。
button-take-seat = 接替座位
ok-seat-yours = 你现在扮演 { $name }（{ $role }）。身份、所受的牌和该角色的发言都延续；用 /role 查看全部信息。
svc-on-bench = 你已经在替补席上了。
svc-not-on-bench = 你不在这局游戏的替补席上。
svc-seat-taken = 这个座位已经被其他替补接替了。
svc-empty-bench = 这局游戏的替补席上没有人：请成员在报名帖上点「报名替补」，或用 /judge substitute 指定成员。
svc-no-notify-role = 本服务器没有设置开局提醒身份组：管理员可用 /wolf-setup notify_role 设置。

## 排行榜的排序（选项）
cmd-leaderboard-by-wins = 胜场
cmd-leaderboard-by-rate = 胜率

## UNO (rules §5): colours, cards and refusals
uno-color-red = 红
uno-color-yellow = 黄
uno-color-green = 绿
uno-color-blue = 蓝
uno-card-number = { $color }{ $number }
uno-card-skip = { $color }暂停
uno-card-reverse = { $color }转向
uno-card-draw-two = { $color }+2
uno-card-wild = 变色
uno-card-wild-draw-four = +4
uno-err-not-your-turn = 现在轮到 { $turn } 出牌，请等轮到你再出。
uno-err-card-not-in-hand = 你手里没有 { $card }。请按「我的手牌」查看你能出的牌。
uno-err-card-not-playable = { $card } 接不上：桌面是 { $top }，当前颜色是{ $color }。请出同颜色、同数字或同符号的牌，或变色/+4；没有能出的牌就摸一张。
uno-err-last-card-not-allowed = { $card } 不能作为最后一张牌打出（0、暂停、转向、变色都不行）。请摸一张牌。
uno-err-color-required = 打出 { $card } 要同时指定颜色（红、黄、绿、蓝）。
uno-err-has-playable-card = 你有能出的牌（{ $cards }），不能摸牌。
uno-err-nothing-to-catch = 现在没有可以抓的人：{ $target } 没有漏喊 UNO，或者已经过了抓人的时机。
uno-err-game-over = 这局 UNO 已经结束了。
uno-err-paused = 法官暂停了游戏，恢复之前不能出牌或摸牌。
uno-err-not-paused = 游戏没有暂停，不需要恢复。
uno-log-started = UNO 开局：{ $players }（按报名顺序入座）。种子承诺：{ $commitment }
uno-log-dealer-draw = 抽牌定庄：{ $draws }
uno-log-round-started = 第 { $round } 局开始，{ $dealer } 发牌。
uno-log-first-card = 翻开第一张牌：{ $card }。
uno-log-turn = 轮到 { $player } 出牌（截止 { $deadline }）。
uno-log-played = { $player } 打出 { $card }。
uno-log-played-color = { $player } 打出 { $card }，指定颜色：{ $color }。
uno-log-uno-called = { $player } 喊了 UNO！
uno-log-penalty-forgot = { $player } 出倒数第二张牌时没喊 UNO，罚摸 2 张。
uno-log-penalty-caught = { $player } 漏喊 UNO 被抓，罚摸 2 张。
uno-log-penalty-wrong-card = { $player } 出错牌，罚摸 2 张。
uno-log-penalty-wrong-uno = { $player } 喊错 UNO，罚摸 2 张。
uno-log-penalty-wrong-catch = { $player } 抓错人，罚摸 2 张。
uno-log-penalty-timeout = { $player } 超时，罚摸 2 张。
uno-log-drew = { $player } 摸了 { $count } 张牌。
uno-log-drew-none = { $player } 该摸牌，但牌库和弃牌堆都没有牌了，跳过。
uno-log-skipped = { $player } 被跳过。
uno-log-direction-clockwise = 出牌方向变为顺时针。
uno-log-direction-counterclockwise = 出牌方向变为逆时针。
uno-log-reshuffled = 牌库摸完了：弃牌堆（除最上面一张）洗牌后成为新牌库。
uno-log-timed-out = { $player } 出牌超时。
uno-log-round-won = { $player } 出完了手牌，赢下本局，得 { $points } 分。剩余手牌分：{ $hands }
uno-log-game-won = 游戏结束，胜者：{ $winners }。
uno-log-ended = 法官结束了游戏，胜者：{ $winner }。
uno-log-ended-none = 法官结束了游戏，没有胜者。
uno-log-paused = 法官暂停了游戏。
uno-log-resumed = 法官恢复了游戏，本回合截止 { $deadline }。
uno-private-hand = 你的手牌：{ $cards }
uno-private-drew = 你摸到了：{ $cards }
uno-sim-table = 【牌桌】
uno-sim-private = 【仅 { $player } 可见】
cli-uno-sim-unsupported = UNO 模拟暂不支持 { $flag }：去掉这个选项再试。
cli-uno-sim-setup = 无法开局：{ $error }
cli-verify-uno-shuffle = 第 { $shuffle } 次洗牌（流 { $stream }），从上到下：{ $cards }
cli-verify-uno-reshuffle = 第 { $shuffle } 次洗牌，弃牌堆洗成新牌库（流 { $stream }），从上到下：{ $cards }
cli-verify-uno-stacked = 第一局的牌序由脚本给定，从上到下：{ $cards }
cli-verify-uno-hand = { $name }：{ $cards }
cli-verify-uno-ended = 已重放到结束，胜者：{ $winners }。
cli-verify-uno-replayed = 已重放到第 { $round } 局，游戏尚未结束。
uno-contest-title = UNO 比赛 { $name }：已完成 { $played } 局（手牌分总和最低者胜）
uno-contest-col-total = 手牌分
uno-contest-col-first-outs = 先出完
uno-contest-top-line = 第 { $rank } 名：{ $player }，手牌分 { $points }
uno-contest-tie-first-outs = 与 { $other } 同分，先出完的局数更多
uno-contest-tie-signup = 与 { $other } 同分、先出完局数相同，报名更早
uno-contest-tie-name = 与 { $other } 同分、先出完局数与报名时间相同，按名字排序
uno-chart-title = { $name } 累计手牌分（越低越好）
uno-chart-y = 累计手牌分（越低越好）
club-day-heading = 活动日 { $name }：{ $contests } 场比赛的积分榜（杀人王与神警探只出自杀人游戏比赛）
cli-uno-contest-name = 模拟比赛

# --- Discord 的错误，用读者的语言说明发生了什么、该怎么做（discord::errors），以及法官日志里按人名写的说明（discord::notes）---
discord-error-unknown-channel = 该频道或帖子已不存在（被删除，或机器人已看不到它）。如果是管理员删除的，请用 /狼人杀设置 检查服务器的频道。
discord-error-unknown-message = 该消息已不存在：有人删除了它。
discord-error-unknown-member = 该成员已不在本服务器。
discord-error-unknown-user = Discord 上没有这个账号。
discord-error-missing-access = 机器人看不到该频道。请在那里给机器人的身份组「查看频道」（和「阅读消息历史」）权限。
discord-error-missing-permission = 机器人在那里缺少「{ $permission }」权限。请在频道或服务器设置里给机器人的身份组加上。
discord-error-missing-permissions = 机器人在那里缺少权限。请再执行一次 /狼人杀设置，它会列出机器人需要的权限。
discord-error-cannot-dm = 该成员不接收机器人的私信（关闭了来自本服务器成员的私信，或屏蔽了机器人）。
discord-error-tag-required = 该论坛要求每个帖子都选择标签。请在 /狼人杀设置 中为机器人的帖子选择一个标签，或在论坛设置里关闭“发帖时要求选择标签”。
discord-error-thread-locked = 该帖子已被锁定。如果游戏还需要它，请解除锁定（帖子菜单 → 解锁）。
discord-error-thread-archived = 该帖子已关闭（归档）。如果游戏还需要它，请重新打开。
discord-error-max-active-threads = 本服务器的活跃子区和帖子已达到 Discord 的上限。请关闭（归档）一些旧的帖子或子区后再试。
discord-error-too-long = 该消息超过了 Discord 允许的长度。
discord-error-rate-limited = Discord 要求机器人放慢速度，请稍后再试。
discord-error-unavailable = Discord 没有响应，或无法连接。请稍后再试。
discord-error-other = Discord 拒绝了它（HTTP { $status }，错误代码 { $code }）。
outbox-why-refused = 平台永久拒收了它。
outbox-why-failed = 平台没有响应。
outbox-to-public = 本局的帖子
outbox-to-seat = { $seat } 号座位的私信
note-player = { $name }（玩家 { $player }）
note-player-dms = { $name }（玩家 { $player }）的私信
note-dm-closed = { $name }（玩家 { $player }）不接收机器人的私信（关闭了私信，或屏蔽了机器人）：没有收到「{ $start }」，机器人之后发给这名玩家的私信也会被搁置。请亲自把错过的内容转达给这名玩家，或用 /法官 换人 角色:{ $name } 替换这名玩家。
note-member-left = { $name } 的玩家（{ $player }）已离开服务器。请用 /法官 换人 角色:{ $name } 替换这名玩家（座位会提供给替补席），或用 /法官 替补 指定一名成员接替。

## 繁体中文（zh-TW）：/wolf-setup language 的选项
cmd-wolf-setup-language-zh-TW = 繁体中文

## 夜里报刀的菜单和弹窗（杀人游戏的说法、理由的字数）：标题按规则集，字段写明引擎要的字数
choice-kill-mafia = 提交今晚的目标
modal-kill-title-mafia = 今晚的目标
modal-kill-reason-chars = { $chars ->
    [0] 理由
    [2] 理由（两个字）
   *[other] 理由（{ $chars } 个字）
}

## 揭秘里的遗言：游戏在其公布日之前结束的遗言，在揭秘里公布
ev-reveal-last-words = 游戏结束前没来得及公布的遗言：

## 要求标签的论坛，以及游戏仍需要时被删除的论坛帖子
cmd-wolf-setup-forum_tag = 帖子标签
cmd-wolf-setup-forum_tag-desc = 每个游戏帖子带的论坛标签（论坛要求标签时必填）
setup-tag-required = { $forum } 要求每个帖子带标签，机器人无法在那里开帖。请重新运行 /狼人杀设置，并把 帖子标签 设为它的一个标签：{ $tags }。本次没有保存任何设置。
setup-tag-required-none = { $forum } 要求每个帖子带标签，但它还没有任何标签。请先在论坛设置（编辑频道 → 标签）里添加一个标签，再重新运行 /狼人杀设置，并用 帖子标签 指定它。本次没有保存任何设置。
setup-tag-unknown = { $forum } 没有名为 { $tag } 的标签。它的标签有：{ $tags }。本次没有保存任何设置。
setup-tag-unknown-none = { $forum } 没有任何标签，所以没有 { $tag }：请先在论坛设置（编辑频道 → 标签）里添加，或不填 帖子标签。本次没有保存任何设置。
ok-setup-tag = 每个游戏帖子都带标签 { $tag }。
signup-tag-required = { $forum } 现在要求每个帖子带标签，所以报名帖没能开出来。请有「管理服务器」权限的成员重新运行 /狼人杀设置，把 帖子标签 设为它的一个标签（{ $tags }），然后再运行 /狼人杀 新游戏。
post-replaced = 第 { $day } 天的帖子被删除了，这一天在这个新帖子里继续：发言、投票和计票都照常在这里。
judge-post-replaced = 第 { $day } 天的帖子被删除了；机器人开了新帖 { $post }，带上了当天的开场、索引和计票。发言、投票和计票都在新帖里继续；被删帖子里的消息已无法找回。
signup-replaced = 报名帖被删除了，这是新的报名帖，已报名的成员都在：加入和退出按钮在这里照常可用。
judge-signup-replaced = { $ruleset } 的报名帖被删除了；机器人开了新帖 { $post }，已报名的 { $count } 名成员都在。

## 服务器的处罚记录：/处罚记录、自动生效的处罚（/狼人杀处罚规则）、解除禁赛、备注、赛后处理申诉
cmd-record = 处罚记录
cmd-record-desc = 你在本服务器的处罚记录（法官可以查看任何人的；只有你能看到）
cmd-record-member = 成员
cmd-record-member-desc = 查看谁的记录（默认：你自己；法官可以查看任何人的）
cmd-wolf-policy = 狼人杀处罚规则
cmd-wolf-policy-desc = 自动生效的处罚：红牌或黄牌后禁止报名，以及记录多久后失效（不填选项：查看当前规则）
cmd-wolf-policy-red_games = 红牌禁赛局数
cmd-wolf-policy-red_games-desc = 收到红牌后，禁止报名接下来的 N 局（0 为不禁）
cmd-wolf-policy-red_days = 红牌禁赛天数
cmd-wolf-policy-red_days-desc = 收到红牌后，禁止报名 N 天（0 为不禁）
cmd-wolf-policy-yellows = 黄牌张数
cmd-wolf-policy-yellows-desc = 最近几局中累计这么多张黄牌就禁止报名（0 为不禁）
cmd-wolf-policy-yellow_window = 黄牌统计局数
cmd-wolf-policy-yellow_window-desc = 统计该成员最近多少局里的黄牌
cmd-wolf-policy-yellow_games = 黄牌禁赛局数
cmd-wolf-policy-yellow_games-desc = 黄牌过多时禁止报名接下来的多少局
cmd-wolf-policy-expiry_days = 记录失效天数
cmd-wolf-policy-expiry_days-desc = 超过 N 天的记录不再计入处罚（0 为永不失效）
cmd-judge-appeals = 处理申诉
cmd-judge-appeals-desc = 已结束游戏的申诉：不填选项时列出；填写编号和答复时答复一条（私信告知成员）
cmd-judge-appeals-appeal = 申诉编号
cmd-judge-appeals-appeal-desc = 要答复的申诉，按列表里的编号填写（例如 12-345）
cmd-judge-appeals-answer = 答复
cmd-judge-appeals-answer-desc = 你的答复，会私信发给该成员
cmd-judge-appeals-withdraw = 撤销牌
cmd-judge-appeals-withdraw-desc = 要撤销的该成员在那局游戏中的一张牌，按列表里的编号填写
cmd-judge-lift = 解除禁赛
cmd-judge-lift-desc = 解除本服务器处罚规则对某成员的禁赛，需要填写理由
cmd-judge-lift-member = 成员
cmd-judge-lift-member-desc = 被禁赛的成员
cmd-judge-lift-reason = 理由
cmd-judge-lift-reason-desc = 为什么
cmd-judge-note = 备注
cmd-judge-note-desc = 在某成员的处罚记录里写一条备注
cmd-judge-note-member = 成员
cmd-judge-note-member-desc = 哪位成员
cmd-judge-note-reason = 内容
cmd-judge-note-reason-desc = 备注内容
svc-barred = 你因{ $cause }被禁止报名，{ $end }。如有异议，请联系法官。
svc-not-barred = 该成员目前没有被禁赛。
svc-no-appeal = 没有编号为 { $id } 的待答复申诉。用 /法官 处理申诉 查看列表。
svc-not-a-card = { $id } 不是该成员在那局游戏中收到的牌。请按 /法官 处理申诉 列表里的编号填写。
bar-cause-red = 游戏 #{ $game } 中的红牌
bar-cause-yellows = 最近 { $games } 局中的 { $count } 张黄牌
bar-end-time = 到 { $until } 解除
bar-end-games = 再开 { $games } 局后解除
bar-end-both = 到 { $until } 且再开 { $games } 局后解除
record-title = 📋 { $member } 在本服务器的处罚记录
record-barred = ⛔ 目前禁止报名：{ $cause }，{ $end }。
record-empty = 没有任何记录。
record-more = （还有 { $count } 条较早的记录未显示）
record-when-day = 游戏 #{ $game } 第 { $day } 天
record-when-start = 游戏 #{ $game } 首夜
record-by-rule = 自动判罚
record-card = { $date } { $when }：{ $color }，{ $reason }（{ $by }）[{ $id }]
record-converted = { $date } { $when }：{ $from }累计升级为一张{ $to } [{ $id }]
record-sent-off = { $date } { $when }：因红牌出局
record-removed = { $date } { $when }：被法官 { $judge } 移出游戏
record-sub-in = { $date } { $when }：作为替补接替座位
record-sub-out = { $date } { $when }：被替换下场
record-appeal = { $date } { $when }：申诉「{ $text }」
record-appeal-answer = {" "}→ 法官 { $judge } 答复：{ $answer }
record-flag-converted = {" "}（已累计升级）
record-flag-lost-camp = {" "}（导致阵营判负）
record-flag-withdrawn = {" "}（申诉后已撤销，不计入处罚）
record-note = { $date } 法官 { $judge } 备注：{ $reason }
record-lift = { $date } 法官 { $judge } 解除禁赛：{ $reason }
appeals-none = 没有待答复的申诉。
appeals-title = 待答复的申诉（{ $count } 条）：
appeals-line = [{ $id }] { $member }（{ $date }）：「{ $text }」；本局收到的牌：{ $cards }
appeals-card = { $color } [{ $id }]
appeals-no-cards = 无
appeals-how = 答复：/法官 处理申诉 申诉编号:<编号> 答复:<内容>，可加 撤销牌:<编号>。
policy-title = 本服务器的处罚规则：
policy-red-off = 红牌：不自动禁赛。
policy-red-games = 红牌：禁止报名接下来的 { $games } 局。
policy-red-days = 红牌：禁止报名 { $days } 天。
policy-red-both = 红牌：禁止报名接下来的 { $games } 局，且至少 { $days } 天。
policy-yellow-off = 黄牌：不自动禁赛。
policy-yellow = 黄牌：最近 { $window } 局中累计 { $count } 张，禁止报名接下来的 { $games } 局。
policy-expiry-off = 记录永不失效。
policy-expiry = 超过 { $days } 天的记录不再计入处罚。
appeal-answer-dm = 法官答复了你在游戏 #{ $game } 中的申诉「{ $appeal }」：{ $answer }
appeal-answer-withdrawn = 你的这张{ $color }已撤销，不再计入处罚（本局结果不变）。
log-appeal-answered = { $judge } 答复了 { $member } 的申诉 [{ $id }]：{ $answer }
log-card-withdrawn = 撤销了 { $member } 的{ $color } [{ $card }]，不再计入处罚（本局结果不变）。
log-bar-lifted = { $judge } 解除了 { $member } 的禁赛：{ $reason }
log-record-note = { $judge } 在 { $member } 的处罚记录里备注：{ $reason }
ok-appeal-answered = 已答复，答复已私信发给该成员并写入法官日志。
ok-card-withdrawn = 这张{ $color }已撤销，不再计入处罚。
ok-appeal-not-told = 该成员已不在那个座位上，无法私信告知；答复已写入记录。
ok-bar-lifted = 已解除 { $member } 的禁赛，并写入记录和法官日志。
ok-record-note = 已在 { $member } 的处罚记录里写入备注。
signup-barred = {" "}⛔（{ $end }）
signup-barred-legend = ⛔：按本服务器的处罚规则禁止报名（法官可以用 /法官 解除禁赛 解除）。
record-reds-title = 本局记入处罚记录的红牌（{ $count } 张）：
record-reds-line = { $name }（{ $player }）：{ $reason }
record-reds-converted = { $from }累计升级
## 网页：对局页、服务器页、找不到的页面
web-lang-name = 简体中文
web-languages = 语言
web-game-title = { $ruleset } 对局
web-options = 选项：
web-phase = 阶段
web-paused = 已暂停
web-deadline = 下一个截止时间
web-sheriff = 警长
web-winner = 结果
web-signup-link = Discord 上的报名帖
web-players = 玩家
web-seat = 座位
web-name = 名字
web-state = 状态
web-role = 身份
web-account = 账号
web-cards = 牌（蓝/黄/红）
web-alive = 存活
web-out = 出局
web-out-night = 第 { $night } 夜出局
web-out-day = 第 { $day } 天{ $how }
web-cause-night_kill = 夜间被杀
web-cause-vote = 被投票出局
web-cause-poison = 被毒杀
web-cause-shot = 被枪杀
web-cause-red_card = 因红牌出局
web-cause-judge = 被法官移出
web-cause-self_destruct = 自爆
web-cause-taken = 被自爆带走
web-cause-duel = 决斗落败
web-days = 每天
web-day-tab = 第 { $day } 天
web-day-link = Discord 上的当天帖子
web-count = 计票
web-no-count = 还没有投票。
web-history = 当天的全部投票
web-posts = 发言
web-post-count = 当天发言数
web-log = 当天的消息
web-reveal = 揭秘
web-seed = 种子
web-commitment = 承诺（开局时公布）
web-verify = 要核对种子确为开局承诺的那个并给出这样的发牌，导出对局（法官的 /judge export）后运行：
web-charts = 图表
web-chart-vote = { $phase }谁投了谁
web-chart-timeline = 对局时间线：谁在何时、如何出局
web-replay = 逐步回放
web-prev = ← 上一步
web-next = 下一步 →
web-heard = 最后一次收到机器人消息：
web-last-message = 对局最后一条公开消息：{ $at }
web-server-title = 本服务器的对局
web-running = 进行中
web-ended = 已结束
web-none = 没有。
web-stats = 战绩
web-stats-games = 开始的对局
web-stats-finished = 结束的对局
web-stats-players = 玩家数
web-leaderboard = 排行榜
web-player = 玩家
web-won = 胜
web-finished = 完成
web-not-found = 没有这个页面：链接有误，对局已被隐藏，或其服务器关闭了网页。
web-uno-table = 牌桌
web-uno-cards = 手牌数
web-uno-points = 得分
web-uno-log = 出牌记录
web-uno-dealt = 每手发到的牌
web-uno-round = 第 { $round } 局
web-uno-hand = 手牌
help-web = 这局游戏的网页（实时更新，结束后有完整记录）：{ $url }
web-link = 🔗 这局游戏的网页：{ $url }
cmd-wolf-setup-web_pages = 网页
cmd-wolf-setup-web_pages-desc = 本服务器的对局是否有网页（默认：有）
cmd-judge-page = 网页
cmd-judge-page-desc = 公开或隐藏这局游戏的网页
cmd-judge-page-listed = 公开
cmd-judge-page-listed-desc = True：有链接的人都能打开；False：隐藏
ok-page-listed = 这局游戏的网页已公开：{ $url }
ok-page-listed-no-url = 这局游戏的网页已公开（本机器人没有公开的网址，或本服务器关闭了网页）。
ok-page-unlisted = 这局游戏的网页已隐藏：谁都打不开。
web-standings = 积分榜与奖项
web-points-chart = 积分
web-points-chart-alt = 每位玩家在比赛每一局之后的积分
## UNO on Discord: the table message, "My hand", the end
board-uno = UNO
uno-table-title = 🃏 UNO · 第 { $round } 局
uno-table-top = 桌面：{ $card }　当前颜色：{ $color }　{ $direction }
uno-table-clockwise = 顺时针出牌 ↻
uno-table-counterclockwise = 逆时针出牌 ↺
uno-table-count = { $player } { $count } 张
uno-table-turn = 轮到 { $player } 出牌，截止：
uno-table-over = 本局游戏已结束。
uno-end-scores = 总分：{ $scores }
uno-hand-title = 你的手牌（{ $count } 张）：{ $cards }
uno-hand-your-turn = 轮到你了：请在下面选择出牌。
uno-hand-not-your-turn = 现在轮到 { $turn } 出牌；轮到你时才能出牌。
uno-move-play = 打出 { $card }
uno-move-play-color = 打出 { $card }，指定{ $color }色
uno-move-with-uno = { $move }，并喊 UNO！
uno-move-draw = 摸一张牌
uno-move-catch = 抓 { $player }（没喊 UNO）
uno-moves-placeholder = 选择要出的牌
uno-button-hand = 我的手牌
uno-ok-moved = 已完成：{ $move }。
uno-err-not-a-player = 你没有参加这局 UNO。现在轮到 { $turn } 出牌。
uno-err-stale-move = 你现在不能这样出牌。请再按「我的手牌」查看你能做的操作。
uno-err-signup-count = UNO 需要 2 到 10 名玩家；现在报名了 { $players } 人。
ok-uno-signup-opened = UNO 报名帖已发：{ $post }。玩家按「报名」，然后在帖子里用 /uno 开始 发牌。
cmd-uno = uno
cmd-uno-desc = UNO 游戏（法官）
cmd-uno-new = 新游戏
cmd-uno-new-desc = 为新的 UNO 游戏发报名帖（法官）
cmd-uno-new-turn_time = 回合时限
cmd-uno-new-turn_time-desc = 每回合的时限，如 2m 或 90s（默认 2 分钟）
cmd-uno-new-target_score = 目标分数
cmd-uno-new-target_score-desc = 先达到这个总分者获胜（默认 500）
cmd-uno-new-rounds = 局数
cmd-uno-new-rounds-desc = 改为固定局数，总分最高者获胜（1：只打一局）
cmd-uno-new-uno_penalty = 漏喊罚牌
cmd-uno-new-uno_penalty-desc = 忘喊 UNO 立即罚 2 张，还是被抓到才罚
cmd-uno-new-uno_penalty-automatic = 立即罚（自动）
cmd-uno-new-uno_penalty-caught = 被其他玩家抓到才罚
cmd-uno-new-last_card_rule = 最后一张限制
cmd-uno-new-last_card_rule-desc = 0、暂停、转向、变色不能作为最后一张（默认开启）
cmd-uno-new-strict_penalties = 严格罚牌
cmd-uno-new-strict_penalties-desc = 出错牌、喊错、抓错罚 2 张；超时罚 2 张（默认关闭）
cmd-uno-new-tournament = 比赛
cmd-uno-new-tournament-desc = 这局是哪场 UNO 比赛的下一局（此时只打一轮）
cmd-uno-start = 开始
cmd-uno-start-desc = 报名 2 到 10 人时发牌开局（法官）
